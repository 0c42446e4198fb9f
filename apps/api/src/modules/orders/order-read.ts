import type { OrderBundle } from '@admit/contracts/checkout';
import { toCollection } from '@admit/contracts/envelope';
import {
  EVENT_QUESTION_KEYS,
  GROUP_QUESTION_KEYS,
} from '@admit/contracts/rules/checkout-questions';
import { decimalToMinor, minorToDecimal } from '@admit/contracts/money';
import { MUST_MATCH_ANCHOR_META_KEY } from '@admit/contracts/rules/anchor-tickets';
import { TICKET_DATE_TIME_KEY } from '@admit/contracts/session-time';
import type { Db } from '@/db/connection';
import type { OrderRow } from '@/db/schema/cart';
import { AppError } from '@/http/app-error';
import type { RequestIdentity, SellerRef } from '@/http/request-context';
import { buildCartBundle, gifteeOf } from '@/modules/cart/bundle';
import { selectGiftee } from '@/modules/cart/bundle-repo';
import { selectCart } from '@/modules/cart/repo';
import { hasActiveMembership } from '@/modules/memberships/active';
import { orderMemberships } from '@/modules/memberships/my-membership';
import { ORDER_SELLER_META_KEYS, selectSellerMeta } from '@/modules/sellers/seller-meta';
import { findIdentityById, toIdentityContract } from '@/modules/users/repo';
import { orderSecretMatches, ticketScanCode } from './codes';
import { selectOrder } from './repo';
import { orderPaymentsAdjustment } from './order-money';

/** Reading an order: who may, and the order bundle (identity §7 GET ticket_order/{id}). */

// the event meta the order pages read besides the questions: dates, and add-ons that follow
const EVENT_META_SHOWN = new Set<string>([TICKET_DATE_TIME_KEY, MUST_MATCH_ANCHOR_META_KEY]);

const isQuestionMeta = (m: { resource: string; key: string }) =>
  (m.resource === 'event_template' && (EVENT_QUESTION_KEYS as readonly string[]).includes(m.key)) ||
  (m.resource === 'ticket_group' && (GROUP_QUESTION_KEYS as readonly string[]).includes(m.key));

export const orderNotFound = () =>
  // spec: identity §8 "Order not found"
  new AppError('not_found', 'ticket_order', 'We could not find that order.');

/** GET ticket_order/{id}: the order with its embeds (identity §7). */
export async function orderBundle(
  db: Db,
  order: OrderRow,
  seller: SellerRef,
  publicIdentityId: string,
  now: Date,
): Promise<OrderBundle> {
  const cart = await selectCart(db, order.cartId);
  if (!cart) throw orderNotFound();
  const [bundle, sellerMeta, gifteeRow, buyer, buyerIsMember, terms] = await Promise.all([
    buildCartBundle(db, cart, { now, seller, publicIdentityId }),
    // spec: identity §2 "Checkout complete" — the seller's completed_* texts and images
    selectSellerMeta(db, seller.id, ORDER_SELLER_META_KEYS),
    selectGiftee(db, order.gifteeIdentityId),
    // spec: identity §7 — checkout's answer "carries ticket_order and embeds (identity, …)":
    // the purchaser the order's identity_id names (only its buyer or secret holder reads it)
    findIdentityById(db, order.identityId),
    hasActiveMembership(db, order.identityId, now),
    // spec: identity §7 GET ticket_order/{id} "… ticket_group.handler membership, reading
    // membership, ticket, ticket_group, venue": the terms the order made
    orderMemberships(db, order.id, seller.timezone),
  ]);
  const giftee = gifteeOf(gifteeRow);
  // the order's own cart, plus what its changes paid and refunded (decision 0036)
  const paid =
    decimalToMinor(bundle.cart_fees._data[0]!.total_payments) +
    (await orderPaymentsAdjustment(db, order));
  const tickets = bundle.ticket._data
    .filter((t) => t.ticket_order_id === order.id)
    .map((t) => ({
      ...t,
      scan_code: order.scanCode ? ticketScanCode(order.scanCode, t.id) : null,
    }));
  return {
    ticket_order: toCollection([
      {
        id: order.id,
        order_number: order.orderNumber,
        cart_id: order.cartId,
        identity_id: order.identityId,
        seller_id: order.sellerId,
        email: order.email,
        giftee_identity_id: order.gifteeIdentityId,
        additional_info: (order.additionalInfo as Record<string, unknown> | null) ?? null,
        created_at: order.createdAt.toISOString(),
      },
    ]),
    ticket_order_fees: toCollection([
      {
        ticket_order_id: order.id,
        currency_code: order.currency,
        total_before_cartmod_price: minorToDecimal(order.totalBeforeCartmodPrice),
        total_fee_fixed_outside: minorToDecimal(order.totalFeeFixedOutside),
        total_fee_percent_outside: minorToDecimal(order.totalFeePercentOutside),
        total_cartmod_amount: minorToDecimal(order.totalCartmodAmount),
        total_after_fees_price: minorToDecimal(order.totalAfterFeesPrice),
        total_payments: minorToDecimal(paid),
        total_outstanding: minorToDecimal(Math.max(0, order.totalAfterFeesPrice - paid)),
      },
    ]),
    ticket: toCollection(tickets),
    ticket_group: bundle.ticket_group,
    ticket_type: bundle.ticket_type,
    event_template: bundle.event_template,
    event_session: bundle.event_session,
    venue: bundle.venue,
    identity: toCollection(buyer ? [toIdentityContract(buyer, buyerIsMember)] : []),
    seller: bundle.seller,
    // the seller's completed_* rows, each event's ticket_date_time (every page that shows a
    // ticket's visit reads its dates as the cart did, shopping §3) and the order's checkout
    // questions, which name its answers on the order pages (decision 0064), and whether an
    // add-on follows the admission, which the manage page says before a cancel (decision 0092)
    meta: toCollection([
      ...sellerMeta,
      ...bundle.meta._data.filter(
        (m) =>
          (m.resource === 'event_template' && EVENT_META_SHOWN.has(m.key)) || isQuestionMeta(m),
      ),
    ]),
    scheduled_payment: bundle.scheduled_payment ?? toCollection([]),
    giftee: toCollection(giftee ? [giftee] : []),
    membership: toCollection(terms),
  };
}

/**
 * The order if the caller may read it: the buyer's own session, or the holder of the order's
 * secret link, or — for a guest — the holder of the guest cart it was made from (`cartId`):
 * an order made when a processing payment settled (decision 0018) reached no browser with its
 * secret, and the cart id is already the guest's key to that cart. Anyone else (and a wrong
 * secret or cart) gets the same 404 as a missing order.
 */
export async function readableOrder(
  db: Db,
  seller: SellerRef,
  caller: RequestIdentity,
  orderId: string,
  proof: { secret?: string; cartId?: string },
): Promise<OrderRow> {
  const order = await selectOrder(db, orderId);
  if (!order || order.sellerId !== seller.id) throw orderNotFound();
  const isBuyer = !caller.isPublic && caller.id === order.identityId;
  if (isBuyer || (proof.secret && orderSecretMatches(proof.secret, order))) {
    return order;
  }
  if (caller.isPublic && proof.cartId && proof.cartId.toLowerCase() === order.cartId) {
    const cart = await selectCart(db, order.cartId);
    if (cart?.identityId === caller.id) return order;
  }
  throw orderNotFound();
}
