import type { FastifyInstance } from 'fastify';
import { toCollection } from '@admit/contracts/envelope';
import { apiKeyResponseSchema } from '@admit/contracts/seller-api';
import { describeApiKey } from './service';

/**
 * GET /admin/api/api_key — the calling key and its seller (the scanner checks a key with it);
 * `app.apiKeys` is decorated by api-keys-plugin.ts (decision 0042).
 */
export function registerApiKeyRoutes(app: FastifyInstance) {
  const db = app.deps.database.db;

  app.get('/admin/api/api_key', { config: { caller: 'seller_api' } }, async (request, reply) => {
    const { seller, apiKey } = request.caller;
    const key = await describeApiKey(db, seller, apiKey!);
    return reply
      .header('cache-control', 'no-store')
      .send(apiKeyResponseSchema.parse({ api_key: toCollection([key]) }));
  });
}
