import type { FastifyInstance } from 'fastify';
import { toCollection } from '@admit/contracts/envelope';
import { gifteeBodySchema, gifteeResponseSchema, type GifteeBody } from '@admit/contracts/gift';
import { parseQuery, type QuerySpec } from '@/http/query-grammar';
import { createGiftee } from './service';

const writeQuery: QuerySpec = { context: 'giftee', fields: {} };

/** POST giftee (identity §7, shopping §5 gift recipient form; decision 0023). */
export function registerGifteeRoutes(app: FastifyInstance) {
  const db = app.deps.database.db;
  const config = { caller: 'visitor', callerContext: 'giftee', callLimit: 'giftee' } as const;
  app.post(
    '/api/giftee',
    { schema: { body: gifteeBodySchema }, config },
    async (request, reply) => {
      parseQuery(writeQuery, request.query as Record<string, string>);
      const { seller, identity } = request.caller;
      const row = await createGiftee(db, seller, identity, request.body as GifteeBody);
      const body = gifteeResponseSchema.parse({
        identity: toCollection([
          { id: row.id, first_name: row.firstName, last_name: row.lastName, email: row.email },
        ]),
      });
      return reply.status(201).header('cache-control', 'no-store').send(body);
    },
  );
}
