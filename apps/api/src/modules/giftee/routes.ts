import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toCollection } from '@admit/contracts/envelope';
import { CART_CALL_EMBEDS, gifteeRoute } from '@admit/contracts/routes/cart';
import { parseQuery, type QuerySpec } from '@/http/query-grammar';
import { fromTable } from '@/http/table-route';
import { createGiftee } from './service';

// spec: shopping §7 "Generic client" — every request carries _seller, _embed and _limit: POST
// giftee is one of the cart calls, so it takes their embeds as the cart writes do; the answer is
// the giftee's identity whichever are named
const writeQuery: QuerySpec = { context: 'giftee', fields: {}, embeds: CART_CALL_EMBEDS };

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
