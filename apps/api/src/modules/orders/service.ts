import type { CartBundle } from '@admit/contracts/cart';
import type { OrderBundle } from '@admit/contracts/checkout';
import { toCollection } from '@admit/contracts/envelope';
import { decimalToMinor, minorToDecimal } from '@admit/contracts/money';
import type { Db } from '@/db/connection';
import { AppError } from '@/http/app-error';
import type { RequestIdentity, SellerRef } from '@/http/request-context';
import { buildCartBundle, gifteeOf } from '@/modules/cart/bundle';
import { selectGiftee } from '@/modules/cart/bundle-repo';
import { selectCart } from '@/modules/cart/repo';
import type { Tx } from '@/db/transaction';
import { issueCard } from '@/modules/ledger/service';
import { ORDER_SELLER_META_KEYS, selectSellerMeta } from '@/modules/sellers/seller-meta';
import { loadMailBrand } from '@/modules/mail/mail-brand';
import { enqueueMail } from '@/modules/mail/outbox';
import { writeOrderSchedule } from '@/modules/schedules/order-schedule';
import { confirmationMail } from './confirmation-mail';
import { orderPaymentsAdjustment } from './order-money';
import { anonymousEditing, orderLinks } from './order-mail';
import {
  hashSecret,
  newAccessSecret,
  newOrderNumber,
  newScanCode,
  secretMatches,
  ticketScanCode,
} from './codes';
import {
  bookCartTickets,
  completeCart,
  insertOrder,
  selectGroupHandlers,
  selectOrder,
} from './repo';
import type { CartRow, OrderRow } from '@/db/schema/cart';

/**
 * Test seam for the crash test: runs inside the order transaction after the tickets are booked,
 * before commit. Throwing here must leave no order and the payment row intact.
 */
export const orderTestHooks: { beforeCommit: (() => void) | null } = { beforeCommit: null };

export interface OrderTotals {
  currency: string;
  beforeCartmod: number;
  feeFixed: number;
  feePercent: number;
  cartmod: number;
  afterFees: number;
}

export interface NewOrderInput {
  cart: CartRow;
  seller: SellerRef;
  /** who the order belongs to (the buyer: member, or the guest's identity) */
  identityId: string;
  email: string | null;
  totals: OrderTotals;
  /** the cart bundle before checkout: names for the e-mail */
  bundle: CartBundle;
  /** storefront origin for the secret link */
  origin: string;
  sendEmail: boolean;
  now: Date;
}

export const orderNotFound = () =>
  // spec: identity §8 "Order not found"
  new AppError('not_found', 'ticket_order', 'We could not find that order.');

/**
 * Makes the order inside the caller's transaction (the cart row already locked): the order with
 * its frozen totals, tickets → booked, cart → completed, gift cards for `ledger` tickets, and
 * the confirmation in the outbox — all or nothing.
 */
export async function createOrderInTx(tx: Tx, input: NewOrderInput) {
  const secret = newAccessSecret();
  const scanCode = newScanCode();
  let order: OrderRow | null = null;
  for (let attempt = 0; attempt < 5 && !order; attempt++) {
    order = await insertOrder(tx, {
      sellerId: input.seller.id,
      cartId: input.cart.id,
      identityId: input.identityId,
      orderNumber: newOrderNumber(),
      accessSecretHash: hashSecret(secret),
      email: input.email,
      // the locked cart's giftee: every path to the order (checkout, gift_checkout, a payment
      // settling later) records it the same way (decision 0023)
      gifteeIdentityId: input.cart.gifteeIdentityId ?? null,
      currency: input.totals.currency,
      totalBeforeCartmodPrice: input.totals.beforeCartmod,
      totalFeeFixedOutside: input.totals.feeFixed,
      totalFeePercentOutside: input.totals.feePercent,
      totalCartmodAmount: input.totals.cartmod,
      totalAfterFeesPrice: input.totals.afterFees,
      scanCode,
      createdAt: input.now,
    });
  }
  if (!order) throw new Error('could not draw a free order number');
  const booked = await bookCartTickets(tx, input.cart.id, order.id);
  const handlers = await selectGroupHandlers(tx, [...new Set(booked.map((t) => t.ticketGroupId))]);
  const giftCards: { number: string; balance: number }[] = [];
  for (const t of booked) {
    if (handlers.get(t.ticketGroupId) !== 'ledger') continue;
    const card = await issueCard(tx, {
      sellerId: input.seller.id,
      balance: t.faceValue,
      currency: input.totals.currency,
      ticketId: t.id,
    });
    giftCards.push({ number: card.number, balance: card.balance });
  }
  await completeCart(tx, input.cart.id, input.now);
  // spec: identity §3 "scheduled payments" — the plan is fixed on the order, in its transaction
  const balance = await writeOrderSchedule(tx, {
    seller: input.seller,
    cartId: input.cart.id,
    orderId: order.id,
    total: input.totals.afterFees,
    bundle: input.bundle,
    now: input.now,
  });
  if (input.sendEmail && input.email) {
    const giftee = gifteeOf(await selectGiftee(tx, order.gifteeIdentityId));
    const mail = await confirmationMail({
      sellerId: input.seller.id,
      brand: await loadMailBrand(tx, input.seller, input.origin),
      to: input.email,
      orderNumber: order.orderNumber,
      orderScanCode: scanCode,
      placedAt: order.createdAt,
      totalMinor: input.totals.afterFees,
      currency: input.totals.currency,
      // the tickets page, and the manage page when the seller lets buyers edit (decision 0036)
      ...orderLinks(
        input.seller,
        input.origin,
        order.id,
        secret,
        await anonymousEditing(tx, input.seller.id),
      ),
      giftCards,
      balance,
      gifteeName: giftee?.name ?? null,
      tickets: booked.map((t) => ({
        ...mailTicketOf(input.bundle, input.seller.timezone, t),
        scanCode: ticketScanCode(scanCode, t.id),
      })),
    });
    await enqueueMail(tx, mail);
  }
  orderTestHooks.beforeCommit?.();
  return { order, secret };
}

/**
 * A booked ticket as the confirmation names it: event, type, session, and the zone its time
 * reads in (the event's venue, else the seller's; the order page's rule).
 */
function mailTicketOf(
  bundle: CartBundle,
  sellerZone: string,
  ticket: { eventTemplateId: string; ticketTypeId: string; eventSessionId: string | null },
) {
  const event = bundle.event_template._data.find((e) => e.id === ticket.eventTemplateId);
  const venue = bundle.venue._data.find((v) => v.id === event?.venue_id);
  const session = bundle.event_session._data.find((s) => s.id === ticket.eventSessionId);
  return {
    eventName: event?.name ?? '',
    typeName: bundle.ticket_type._data.find((t) => t.id === ticket.ticketTypeId)?.name ?? '',
    session: session
      ? { start_datetime: session.start_datetime, end_datetime: session.end_datetime }
      : null,
    timeZone: venue?.timezone || sellerZone,
  };
}

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
  const [bundle, sellerMeta, gifteeRow] = await Promise.all([
    buildCartBundle(db, cart, { now, seller, publicIdentityId }),
    // spec: identity §2 "Checkout complete" — the seller's completed_* texts and images
    selectSellerMeta(db, seller.id, ORDER_SELLER_META_KEYS),
    selectGiftee(db, order.gifteeIdentityId),
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
    seller: bundle.seller,
    meta: toCollection(sellerMeta),
    scheduled_payment: bundle.scheduled_payment ?? toCollection([]),
    giftee: toCollection(giftee ? [giftee] : []),
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
  if (isBuyer || (proof.secret && secretMatches(proof.secret, order.accessSecretHash))) {
    return order;
  }
  if (caller.isPublic && proof.cartId && proof.cartId.toLowerCase() === order.cartId) {
    const cart = await selectCart(db, order.cartId);
    if (cart?.identityId === caller.id) return order;
  }
  throw orderNotFound();
}
