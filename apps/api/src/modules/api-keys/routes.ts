import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toCollection } from '@admit/contracts/envelope';
import { apiKeyRoute } from '@admit/contracts/routes/seller-api';
import { fromTable } from '@/http/table-route';
import { describeApiKey } from './service';

/**
 * GET /admin/api/api_key — the calling key and its seller (the scanner checks a key with it);
 * `app.apiKeys` is decorated by api-keys-plugin.ts (decision 0042).
 */
export const apiKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...fromTable(apiKeyRoute),
    config: { caller: 'seller_api' },
    handler: async (request, reply) => {
      const { seller, apiKey } = request.caller;
      const key = await describeApiKey(app.deps.database.db, seller, apiKey!);
      return reply.header('cache-control', 'no-store').send({ api_key: toCollection([key]) });
    },
  });
};
