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

/** identity §2 — the gift heading names the giftee (a cart meta row `giftee`, decision 0019). */
export function gifteeName(bundle: CartBundle): string | null {
  const cart = bundle.cart._data[0];
  const row = bundle.meta._data.find(
    (m) => m.resource === 'cart' && m.resource_id === cart?.id && m.key === 'giftee',
  );
  const value = row?.value as { name?: unknown } | null | undefined;
  return typeof value?.name === 'string' && value.name ? value.name : null;
}

/** The giftee's identity id: the bundle's `giftee` row, else the meta row's (decision 0023). */
export function gifteeIdentityId(bundle: CartBundle): string | null {
  const row = bundle.giftee?._data[0];
  if (row) return row.id;
  const cart = bundle.cart._data[0];
  const meta = bundle.meta._data.find(
    (m) => m.resource === 'cart' && m.resource_id === cart?.id && m.key === 'giftee',
  );
  const id = (meta?.value as { id?: unknown } | null | undefined)?.id;
  return typeof id === 'string' && id ? id : null;
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
