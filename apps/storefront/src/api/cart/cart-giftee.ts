import type { CartBundle } from '@admit/contracts/cart';

/* The cart's giftee as its bundle carries it (decision 0023): the checkout and the gift form read it. */

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
