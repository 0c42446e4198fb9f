/**
 * Cookies the storefront writes for its page host (issue #13, decision 0045): what the browser
 * keeps about the visitor that a page drawn on the server must know — the held cart the
 * checkout shows, and the proofs that let the completed page read its orders. They are scoped
 * to the seller's pages (`Path=/{slug}`), so the API's own calls never carry them.
 */

/** The visitor's live cart id (stores/cart-store.ts): the checkout's cart. */
export const CART_COOKIE = 'admit_cart';

/** `{ [orderId]: proof }` of the orders this browser bought or opened (stores/order-secrets.ts). */
export const ORDER_PROOFS_COOKIE = 'admit_orders';

/** The most orders the proofs cookie keeps (the newest): a cookie stays well under 4 kB. */
export const ORDER_PROOFS_KEPT = 10;

/** What proves a browser may read an order: its secret, else the guest cart it came from. */
export interface OrderProof {
  secret?: string;
  cart_id?: string;
}

/** The proofs as the cookie's value (JSON; the writer URI-encodes it, as cookies want). */
export function encodeOrderProofs(proofs: Readonly<Record<string, OrderProof>>): string {
  const entries = Object.entries(proofs).slice(-ORDER_PROOFS_KEPT);
  return JSON.stringify(Object.fromEntries(entries));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The proofs of a cookie's (decoded) value; anything unexpected is left out. */
export function decodeOrderProofs(value: string | null | undefined): Record<string, OrderProof> {
  if (!value) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return {};
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
  const proofs: Record<string, OrderProof> = {};
  for (const [id, raw] of Object.entries(parsed as Record<string, unknown>)) {
    if (!UUID.test(id) || !raw || typeof raw !== 'object') continue;
    const { secret, cart_id } = raw as Record<string, unknown>;
    if (typeof secret === 'string' && secret.length > 0 && secret.length <= 200) {
      proofs[id] = { secret };
    } else if (typeof cart_id === 'string' && UUID.test(cart_id)) {
      proofs[id] = { cart_id };
    }
  }
  return proofs;
}
