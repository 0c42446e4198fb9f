import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toCollection } from '@admit/contracts/envelope';
import { mySessionRoute } from '@admit/contracts/routes/identity';
import { parseQuery, type QuerySpec } from '@/http/query-grammar';
import { fromTable } from '@/http/table-route';

const sessionQuery: QuerySpec = { context: 'session', fields: {} };

/** GET /api/my/session: who this visitor acts as for the seller (the storefront's session check). */
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = { caller: 'visitor', callerContext: 'session' } as const;
  app.route({
    ...fromTable(mySessionRoute),
    config,
    handler: async (request, reply) => {
      // refuses unknown parameters (shopping §8), as every read does
      parseQuery(sessionQuery, request.query);
      const { identity } = request.caller;
      return reply.header('cache-control', 'no-store').send({
        session: toCollection([
          {
            identity_id: identity.id,
            seller_id: identity.sellerId,
            is_public: identity.isPublic,
            expires_at: identity.expiresAt?.toISOString() ?? null,
          },
        ]),
      });
    },
  });
};
