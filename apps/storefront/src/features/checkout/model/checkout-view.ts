import type { CartBundle } from '@admit/contracts/cart';

/** A seller meta row carried in the bundle (identity §3 "Seller meta"; decision 0019). */
export function sellerMeta(
  bundle: { meta?: { _data: { resource: string; key: string; value: unknown }[] } },
  key: string,
): unknown {
  return bundle.meta?._data.find((m) => m.resource === 'seller' && m.key === key)?.value ?? null;
}

/** The seller's portal terms text; a checkbox and the terms modal exist only when it is set. */
export function portalTermsText(bundle: CartBundle): string | null {
  const value = sellerMeta(bundle, 'portal_terms');
  return typeof value === 'string' && value.trim() ? value : null;
}

/** What is still to pay, in minor units (the server's grand total outstanding). */
export function outstandingMinor(bundle: CartBundle): number {
  const fees = bundle.cart_fees._data[0];
  return fees ? Math.round(Number(fees.grand_totals.total_outstanding) * 100) : 0;
}

export function toMoney(minor: number): string {
  return (minor / 100).toFixed(2);
}

/** identity §4 — with blocking rules the page shows only the checkout-code form. */
export function isBlocked(bundle: CartBundle): boolean {
  return (bundle.blocking_rule?._data.length ?? 0) > 0;
}
