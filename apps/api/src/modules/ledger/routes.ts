import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ledgerCardResponseSchema } from '@admit/contracts/codes';
import { toCollection } from '@admit/contracts/envelope';
import { resolveSeller } from '@/http/request-context';
import { lookupCard, giftCardNotFound, toLedgerContract } from './service';

const params = z.object({ ledger: z.string(), number: z.string().max(70) });

/** GET /api/ledger/{ledger}/{cardNumber} (shopping §3 "Gift card", §8; codes.ts header). */
export function registerLedgerRoutes(app: FastifyInstance) {
  app.get('/api/ledger/:ledger/:number', async (request, reply) => {
    const { ledger, number } = params.parse(request.params);
    const seller = await resolveSeller(
      app,
      (request.query as Record<string, string>)._seller ?? '',
    );
    if (ledger !== 'ledger') throw giftCardNotFound();
    const card = await lookupCard(app.deps.database.db, seller.id, number);
    return reply
      .header('cache-control', 'no-store')
      .send(ledgerCardResponseSchema.parse({ ledger: toCollection([toLedgerContract(card)]) }));
  });
}
