import { clientErrorBodySchema } from '../client-errors';
import { noContent } from './query';
import { defineRoute } from './route';

/**
 * POST client_errors: the storefront's error report when no Sentry DSN is configured (identity
 * §8, decision 0061); logged by the server, limited per address, answered 204.
 */
export const clientErrorsRoute = defineRoute({
  method: 'POST',
  url: '/api/client_errors',
  schema: { body: clientErrorBodySchema, response: { 204: noContent } },
});
