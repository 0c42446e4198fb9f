import { decimalToMinor } from '@admit/contracts/money';
import { isCardAmountSupported } from '@admit/contracts/checkout';
import type { GatewayId } from '@admit/contracts/checkout';
import { AppError } from '@/http/app-error';

// spec: identity §9 — "amounts sent with 2 decimals"; the contract's money schema already
// requires exactly two places, this also refuses negative amounts
const TWO_DECIMALS = /^\d+\.\d{2}$/;

/** The amount of a payment entry in minor units, or 400 validation_failed naming `amount`. */
export function entryAmountMinor(amount: string): number {
  if (!TWO_DECIMALS.test(amount)) {
    throw new AppError('validation_failed', 'checkout', 'amount: an amount with two decimals', {
      field: 'amount',
    });
  }
  return decimalToMinor(amount);
}

// spec: identity §8 "Unsupported amount"; 422: a refusal, not a malformed request
const unsupported = () =>
  new AppError(
    'validation_failed',
    'checkout',
    'Payment is not supported for this amount',
    { field: 'amount' },
    422,
  );

/**
 * Checks a payment entry's amount against what the cart owes (identity §5): never more than
 * outstanding; `free` only for nothing outstanding; a card only within 0.50–999999.99
 * (GBP 0.30–999999.99); a gift card any positive amount (it draws what it holds).
 */
export function checkPayableAmount(
  gateway: GatewayId,
  minor: number,
  outstanding: number,
  currency: string,
): void {
  if (gateway === 'free') {
    if (outstanding !== 0 || minor !== 0) throw unsupported();
    return;
  }
  if (minor <= 0 || minor > outstanding) throw unsupported();
  if (gateway === 'stripe' && !isCardAmountSupported(minor, currency)) throw unsupported();
}
