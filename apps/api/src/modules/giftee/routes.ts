import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toCollection } from '@admit/contracts/envelope';
import { gifteeRoute } from '@admit/contracts/routes/cart';
import { parseQuery, type QuerySpec } from '@/http/query-grammar';
import { fromTable } from '@/http/table-route';
import { createGiftee } from './service';

const writeQuery: QuerySpec = { context: 'giftee', fields: {} };

/** POST giftee (identity §7, shopping §5 gift recipient form; decision 0023). */
export const gifteeRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;
  const config = { caller: 'visitor', callerContext: 'giftee', callLimit: 'giftee' } as const;
  app.route({
    ...fromTable(gifteeRoute),
    config: config,
    handler: async (request, reply) => {
      parseQuery(writeQuery, request.query);
      const { seller, identity } = request.caller;
      const row = await createGiftee(db, seller, identity, request.body);
      return reply
        .status(201)
        .header('cache-control', 'no-store')
        .send({
          identity: toCollection([
            {
              id: row.id,
              // spec: shopping §7 POST giftee "reads identity_id": seed clients read this name
              identity_id: row.id,
              first_name: row.firstName,
              last_name: row.lastName,
              email: row.email,
            },
          ]),
        });
    },
  });
};
