import type { LedgerCard } from '@admit/contracts/codes';
import { ledgerCardResponseSchema } from '@admit/contracts/codes';
import { apiRead, ApiError } from '@/api/client';

/** The only ledger the storefront pays from (codes contract: `ledger = "ledger"`). */
export const GIFT_CARD_LEDGER = 'ledger';

/**
 * GET ledger/ledger/{number}, live (a balance moves with every payment). 404 → ApiError
 * not_found; an empty collection is treated the same.
 */
export async function getLedgerCard(cardNumber: string): Promise<LedgerCard> {
  const body = await apiRead(`ledger/${GIFT_CARD_LEDGER}/${encodeURIComponent(cardNumber)}`, {
    schema: ledgerCardResponseSchema,
  });
  const card = body.ledger._data[0];
  if (!card) throw new ApiError(404, 'not_found', 'ledger', 'Gift card not found', null);
  return card;
}
