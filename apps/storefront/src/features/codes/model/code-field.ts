import { PROMO_CODE_MAX, PROMO_CODE_MIN } from '@admit/contracts/constants';
import { isCountedPayment, type CartBundle } from '@admit/contracts/cart';
import type { CodesStringKey } from '@/features/codes/strings';
import { ApiError } from '@/api/client';
import type { CodeFailure } from '@/features/codes/model/promo-errors';

export interface FieldError {
  key: CodesStringKey;
  vars?: Record<string, number>;
}

/**
 * spec: shopping §5 / identity §5 — a promo code is required, trimmed, 2–35 characters; a
 * checkout code on a blocked cart is required, min 2 (the max is the same column's 35).
 */
export function validateCode(raw: string): FieldError | null {
  const code = raw.trim();
  if (!code) return { key: 'codes.error.required' };
  if (code.length < PROMO_CODE_MIN)
    return { key: 'codes.error.too-short', vars: { min: PROMO_CODE_MIN } };
  if (code.length > PROMO_CODE_MAX)
    return { key: 'codes.error.too-long', vars: { max: PROMO_CODE_MAX } };
  return null;
}

export function toCodeFailure(error: unknown): CodeFailure | null {
  if (!(error instanceof ApiError)) return null;
  return { status: error.status, code: error.code, description: error.description };
}

/**
 * spec: identity §4 "Cart state" / shopping §4 — promo codes can be applied only if the cart
 * is modifiable, a payment is due, no payments have been made and no blocking rules exist. A
 * declined card leaves a `failed` payment on the cart: an attempt, not a payment.
 */
export function canApplyPromoCodes(bundle: CartBundle, modifiable: boolean): boolean {
  const fees = bundle.cart_fees._data[0];
  const due = fees ? Number(fees.grand_totals.total_outstanding) > 0 : false;
  const paid =
    (bundle.payment?._data ?? []).some(isCountedPayment) ||
    (fees ? Number(fees.total_payments) > 0 : false);
  const blocked = (bundle.blocking_rule?._data.length ?? 0) > 0;
  return modifiable && due && !paid && !blocked;
}
