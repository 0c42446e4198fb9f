import { apiKeyResponseSchema, checkInBodySchema, checkInResponseSchema } from '../seller-api';
import { callQuery } from './query';
import { defineRoute } from './route';

/** The seller API (decision 0042) as the door's scanner calls it, with `Authorization: Bearer`. */

/** GET /admin/api/api_key: the key's name and seller (401; 404 for another seller). */
export const apiKeyRoute = defineRoute({
  method: 'GET',
  url: '/admin/api/api_key',
  schema: { querystring: callQuery({}), response: { 200: apiKeyResponseSchema } },
});

/** POST /admin/api/check_in: what was admitted, or why not. */
export const checkInRoute = defineRoute({
  method: 'POST',
  url: '/admin/api/check_in',
  schema: { body: checkInBodySchema, response: { 200: checkInResponseSchema } },
});
