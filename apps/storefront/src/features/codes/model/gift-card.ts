import type { CartBundle } from '@admit/contracts/cart';
import type { LedgerCard } from '@admit/contracts/codes';
import { ApiError } from '@/api/client';
import type { CodesStringKey } from '@/features/codes/strings';

/** A gift card already paid on this cart: a ledger payment masked but its last 4 (cart contract). */
export function isGiftCardApplied(bundle: CartBundle, cardNumber: string): boolean {
  const last4 = cardNumber.slice(-4);
  return (bundle.payment?._data ?? []).some(
    (p) =>
      p.gateway_id === 'ledger' &&
      p.ledger_number !== null &&
      p.ledger_number.length === cardNumber.length &&
      p.ledger_number.endsWith(last4),
  );
}

/** spec: shopping §5 — "balance 0 or non-active state gives 'Gift Card balance is $0'". */
export function isGiftCardEmpty(card: LedgerCard): boolean {
  return card.state !== 'active' || Number(card.balance) <= 0;
}

/**
 * What the card pays: its balance, at most what is outstanding, with 2 decimals (identity §9).
 * `limit` caps it further: on an order's balance the amount chosen to pay now (decision 0021).
 */
export function giftCardAmount(card: LedgerCard, outstanding: string, limit?: string): string {
  const cents = Math.min(
    Math.round(Number(card.balance) * 100),
    Math.round(Number(outstanding) * 100),
    limit === undefined ? Infinity : Math.round(Number(limit) * 100),
  );
  return (cents / 100).toFixed(2);
}

/** spec: shopping §8 "Gift card" and the ledger errors of the checkout contract. */
export function giftCardErrorKey(error: unknown): CodesStringKey {
  if (error instanceof ApiError) {
    if (error.status === 404) return 'codes.gift-card.not-found';
    if (error.code === 'duplicate_code') return 'codes.gift-card.duplicate';
    if (error.code === 'validation_failed' && error.context === 'ledger') {
      return 'codes.gift-card.zero-balance';
    }
  }
  return 'codes.gift-card.trouble';
}
