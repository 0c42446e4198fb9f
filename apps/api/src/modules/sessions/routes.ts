import type { FastifyInstance } from 'fastify';
import { toCollection } from '@admit/contracts/envelope';
import { sessionResponseSchema } from '@admit/contracts/session';
import { parseQuery, type QuerySpec } from '@/http/query-grammar';

const sessionQuery: QuerySpec = { context: 'session', fields: {} };

/** GET /api/my/session: who this visitor acts as for the seller (the storefront's session check). */
export function registerSessionRoutes(app: FastifyInstance) {
  const config = { caller: 'visitor', callerContext: 'session' } as const;
  app.get('/api/my/session', { config }, async (request, reply) => {
    parseQuery(sessionQuery, request.query as Record<string, string>);
    const { identity } = request.caller;
    const body = sessionResponseSchema.parse({
      session: toCollection([
        {
          identity_id: identity.id,
          seller_id: identity.sellerId,
          is_public: identity.isPublic,
          expires_at: identity.expiresAt?.toISOString() ?? null,
        },
      ]),
    });
    return reply.header('cache-control', 'no-store').send(body);
  });
}
