import type { FastifyInstance } from 'fastify';
import { toCollection } from '@admit/contracts/envelope';
import { gifteeBodySchema, gifteeResponseSchema } from '@admit/contracts/gift';
import { parseQuery, type QuerySpec } from '@/http/query-grammar';
import { resolveSeller } from '@/http/request-context';
import { createGiftee } from './service';

const writeQuery: QuerySpec = { context: 'giftee', fields: {} };

/** POST giftee (identity §7, shopping §5 gift recipient form; decision 0023). */
export function registerGifteeRoutes(app: FastifyInstance) {
  const db = app.deps.database.db;
  const limited = { schema: { body: gifteeBodySchema }, config: { callLimit: 'giftee' } } as const;
  app.post('/api/giftee', limited, async (request, reply) => {
    const query = parseQuery(writeQuery, request.query as Record<string, string>);
    const seller = await resolveSeller(app, query.seller);
    const caller = await app.identities.forRequest(request, seller);
    const row = await createGiftee(db, seller, caller, gifteeBodySchema.parse(request.body));
    const body = gifteeResponseSchema.parse({
      identity: toCollection([
        { id: row.id, first_name: row.firstName, last_name: row.lastName, email: row.email },
      ]),
    });
    return reply.status(201).header('cache-control', 'no-store').send(body);
  });
}
