import { getSellerSlug } from '@/config/seller-slug';

/**
 * The secret of each order this browser just bought (the checkout answer's `access_secret`).
 * A guest's order belongs to the purchaser identity made at checkout, not to the browser's
 * public identity, so the completed page reads it — and its QR code — through the secret, like
 * the e-mail's link does. Kept in session storage: it outlives a reload of the completed page
 * but not the tab. Storage errors are tolerated (the page then shows "We could not find that
 * order." and the e-mail still has the link).
 */
const key = () => `admit:${getSellerSlug() ?? 'seller'}:order-secrets`;
/**
 * The guest cart each order was made from when no secret reached this browser: an order made
 * after a processing payment settled (the pending page sees it on the cart). The server lets
 * the cart's guest read it with `cart_id` (decision 0018 "Update: settlement").
 */
const cartsKey = () => `admit:${getSellerSlug() ?? 'seller'}:order-carts`;

function readAll(storageKey = key()): Record<string, string> {
  try {
    const raw = sessionStorage.getItem(storageKey);
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

function remember(storageKey: string, orderId: string, value: string): void {
  try {
    sessionStorage.setItem(
      storageKey,
      JSON.stringify({ ...readAll(storageKey), [orderId]: value }),
    );
  } catch {
    // storage unavailable: nothing to remember
  }
}

export function rememberOrderSecret(orderId: string, secret: string): void {
  remember(key(), orderId, secret);
}

export function orderSecret(orderId: string): string | null {
  return readAll()[orderId] ?? null;
}

export function rememberOrderCart(orderId: string, cartId: string): void {
  remember(cartsKey(), orderId, cartId);
}

/** What proves this browser may read the order: its secret, else the guest cart it came from. */
export function orderProof(orderId: string): { secret?: string; cart_id?: string } {
  const secret = orderSecret(orderId);
  if (secret) return { secret };
  const cartId = readAll(cartsKey())[orderId];
  return cartId ? { cart_id: cartId } : {};
}

/** Remembers the secret of every order of a checkout answer. */
export function rememberCheckoutSecrets(answer: {
  ticket_order: { _data: { id: string }[] };
  access_secret: string;
}): void {
  for (const order of answer.ticket_order._data)
    rememberOrderSecret(order.id, answer.access_secret);
}
