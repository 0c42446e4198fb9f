import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ledgerCardResponseSchema } from '@admit/contracts/codes';
import { toCollection } from '@admit/contracts/envelope';
import { lookupCard, giftCardNotFound, toLedgerContract } from './service';

const params = z.object({ ledger: z.string(), number: z.string().max(70) });

/** GET /api/ledger/{ledger}/{cardNumber} (shopping §3 "Gift card", §8; codes.ts header). */
export const ledgerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/ledger/:ledger/:number',
    // counted as a gift card guess (decision 0046)
    {
      schema: { params, response: { 200: ledgerCardResponseSchema } },
      config: { caller: 'seller', callerContext: 'ledger', callLimit: 'gift_card' },
    },
    async (request, reply) => {
      const { ledger, number } = request.params;
      if (ledger !== 'ledger') throw giftCardNotFound();
      const card = await lookupCard(app.deps.database.db, request.caller.seller.id, number);
      return reply
        .header('cache-control', 'no-store')
        .send({ ledger: toCollection([toLedgerContract(card)]) });
    },
  );
};
