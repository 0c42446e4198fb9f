import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toCollection } from '@admit/contracts/envelope';
import { ledgerCardRoute } from '@admit/contracts/routes/checkout';
import { fromTable } from '@/http/table-route';
import { lookupCard, giftCardNotFound, toLedgerContract } from './service';

/** GET /api/ledger/{ledger}/{number} (shopping §3 "Gift card", §8; codes.ts header). */
export const ledgerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...fromTable(ledgerCardRoute),
    // counted as a gift card guess (decision 0046)
    config: { caller: 'seller', callerContext: 'ledger', callLimit: 'gift_card' },
    handler: async (request, reply) => {
      const { ledger, number } = request.params;
      if (ledger !== 'ledger') throw giftCardNotFound();
      const card = await lookupCard(app.deps.database.db, request.caller.seller.id, number);
      return reply
        .header('cache-control', 'no-store')
        .send({ ledger: toCollection([toLedgerContract(card)]) });
    },
  });
};
