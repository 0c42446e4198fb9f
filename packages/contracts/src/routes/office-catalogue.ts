import {
  officeApiKeyCreateBodySchema,
  officeApiKeyCreatedResponseSchema,
  officeApiKeyRevokeBodySchema,
  officeApiKeysResponseSchema,
  officeSellerFileImportBodySchema,
  officeSellerFileImportResponseSchema,
  officeSellerFileResponseSchema,
} from '../office-catalogue';
import { callQuery, idParams } from './query';
import { defineRoute } from './route';

/** The office's catalogue routes (owner only; decision 0089). */

/** GET /api/office/seller_file: the current catalogue as a seller file with its pictures. */
export const officeSellerFileRoute = defineRoute({
  method: 'GET',
  url: '/api/office/seller_file',
  schema: { querystring: callQuery({}), response: { 200: officeSellerFileResponseSchema } },
});

/** POST /api/office/seller_file: imports (or with `dry_run` plans) a file of this seller. */
export const officeSellerFileImportRoute = defineRoute({
  method: 'POST',
  url: '/api/office/seller_file',
  schema: {
    querystring: callQuery({}),
    body: officeSellerFileImportBodySchema,
    response: { 200: officeSellerFileImportResponseSchema },
  },
});

/** GET /api/office/api_key: the seller's API keys, revoked ones included. */
export const officeApiKeysRoute = defineRoute({
  method: 'GET',
  url: '/api/office/api_key',
  schema: { querystring: callQuery({}), response: { 200: officeApiKeysResponseSchema } },
});

/** POST /api/office/api_key: a new key for a scanner or an integration. */
export const officeApiKeyCreateRoute = defineRoute({
  method: 'POST',
  url: '/api/office/api_key',
  schema: {
    querystring: callQuery({}),
    body: officeApiKeyCreateBodySchema,
    response: { 201: officeApiKeyCreatedResponseSchema },
  },
});

/** POST /api/office/api_key/{id}/revoke: the key stops working at once. */
export const officeApiKeyRevokeRoute = defineRoute({
  method: 'POST',
  url: '/api/office/api_key/:apiKeyId/revoke',
  schema: {
    params: idParams('apiKeyId'),
    querystring: callQuery({}),
    body: officeApiKeyRevokeBodySchema,
    response: { 200: officeApiKeysResponseSchema },
  },
});
