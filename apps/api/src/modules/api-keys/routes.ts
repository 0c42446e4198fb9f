import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toCollection } from '@admit/contracts/envelope';
import { apiKeyResponseSchema } from '@admit/contracts/seller-api';
import { apiKeyResolver, describeApiKey } from './service';

/** The seller API's keys (decision 0042): `app.apiKeys` for the caller hook. */
export function registerApiKeys(app: FastifyInstance) {
  app.decorate('apiKeys', apiKeyResolver(app.deps.database.db));
}

/** GET /admin/api/api_key — the calling key and its seller (the scanner checks a key with it). */
export const apiKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/api/api_key',
    { schema: { response: { 200: apiKeyResponseSchema } }, config: { caller: 'seller_api' } },
    async (request, reply) => {
      const { seller, apiKey } = request.caller;
      const key = await describeApiKey(app.deps.database.db, seller, apiKey!);
      return reply.header('cache-control', 'no-store').send({ api_key: toCollection([key]) });
    },
  );
};
