import type { LedgerCard } from '@admit/contracts/codes';
import { ledgerCardRoute } from '@admit/contracts/routes/checkout';
import type { QueryClient } from '@tanstack/react-query';
import { ApiError, call } from '@/api/client';
import { readOnce } from '@/api/read-once';

/** The only ledger the storefront pays from (codes contract: `ledger = "ledger"`). */
export const GIFT_CARD_LEDGER = 'ledger';

/**
 * GET ledger/ledger/{number}, live (a balance moves with every payment). 404 → ApiError
 * not_found; an empty collection is treated the same. Retried as any read (`readOnce`).
 */
export async function getLedgerCard(
  queryClient: QueryClient,
  cardNumber: string,
): Promise<LedgerCard> {
  const body = await readOnce(queryClient, ['ledger', cardNumber], (signal) =>
    call(ledgerCardRoute, { params: { ledger: GIFT_CARD_LEDGER, number: cardNumber }, signal }),
  );
  const card = body.ledger._data[0];
  if (!card) throw new ApiError(404, 'not_found', 'ledger', 'Gift card not found', null);
  return card;
}
