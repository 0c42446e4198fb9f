import type { FastifyInstance } from 'fastify';
import { toCollection } from '@admit/contracts/envelope';
import { apiKeyResponseSchema } from '@admit/contracts/seller-api';
import { apiKeyResolver, describeApiKey } from './service';

/**
 * The seller API's keys (decision 0042): `app.apiKeys` for the caller hook, and
 * GET /admin/api/api_key — the calling key and its seller (the scanner checks a key with it).
 */
export function registerApiKeyRoutes(app: FastifyInstance) {
  const db = app.deps.database.db;
  app.decorate('apiKeys', apiKeyResolver(db));

  app.get('/admin/api/api_key', { config: { caller: 'seller_api' } }, async (request, reply) => {
    const { seller, apiKey } = request.caller;
    const key = await describeApiKey(db, seller, apiKey!);
    return reply
      .header('cache-control', 'no-store')
      .send(apiKeyResponseSchema.parse({ api_key: toCollection([key]) }));
  });
}
