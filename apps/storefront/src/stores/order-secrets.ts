import {
  ORDER_PROOFS_COOKIE,
  decodeOrderProofs,
  encodeOrderProofs,
} from '@admit/contracts/visitor-cookies';
import type { OrderProof } from '@admit/contracts/visitor-cookies';
import { readPageCookie, writePageCookie } from '@/stores/page-cookie';

/**
 * What proves this browser may read each order it bought or opened: the order's secret (the
 * checkout answer's `access_secret`, or the e-mail link's `?secret=`), else the guest cart it
 * was made from. A guest's order belongs to the purchaser identity made at checkout, not to the
 * browser's public identity, so the completed page reads it — and its QR code — through the
 * secret, like the e-mail's link does. An order made after a processing payment settled reaches
 * this browser with no secret (the pending page sees it on the cart); the server lets the cart's
 * guest read it with `cart_id` (decision 0018 "Update: settlement").
 *
 * Kept in the `admit_orders` cookie of the seller's pages (decision 0045), not in session
 * storage, so that the page host can draw the completed page with the visitor's orders and a
 * new tab of the same browser still finds them: it lasts the browser session (no max-age), keeps
 * the newest orders only (contracts/visitor-cookies.ts) and goes only to the seller's pages,
 * never to /api. Cookie errors are tolerated (the page then shows "We could not find that
 * order." and the e-mail still has the link).
 */
function readProofs(): Record<string, OrderProof> {
  return decodeOrderProofs(readPageCookie(ORDER_PROOFS_COOKIE));
}

/** Keeps `proof` as the order's, moved last: the cookie keeps the newest orders. */
function remember(orderId: string, proof: OrderProof): void {
  const proofs = readProofs();
  delete proofs[orderId];
  proofs[orderId] = proof;
  writePageCookie(ORDER_PROOFS_COOKIE, encodeOrderProofs(proofs));
}

/** Remembers the order's secret; it replaces a cart proof the order had. */
export function rememberOrderSecret(orderId: string, secret: string): void {
  // an answer whose secret the API no longer has carries '' (a replayed checkout): no proof
  if (secret) remember(orderId, { secret });
}

export function orderSecret(orderId: string): string | null {
  return readProofs()[orderId]?.secret ?? null;
}

/** Remembers the guest cart the order came from, unless its stronger secret is known. */
export function rememberOrderCart(orderId: string, cartId: string): void {
  if (readProofs()[orderId]?.secret) return;
  remember(orderId, { cart_id: cartId });
}

/** What proves this browser may read the order: its secret, else the guest cart it came from. */
export function orderProof(orderId: string): OrderProof {
  const proof = readProofs()[orderId];
  return proof ? { ...proof } : {};
}

/** Remembers the secret of every order of a checkout answer. */
export function rememberCheckoutSecrets(answer: {
  ticket_order: { _data: { id: string }[] };
  access_secret: string;
}): void {
  for (const order of answer.ticket_order._data)
    rememberOrderSecret(order.id, answer.access_secret);
}
