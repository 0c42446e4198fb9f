import type { CartBundle } from '@admit/contracts/cart';
import type { SellerRef } from '@/http/request-context';
import { gifteeOf } from '@/modules/cart/bundle';
import { selectGiftee } from '@/modules/cart/bundle-repo';
import type { Tx } from '@/db/transaction';
import { issueCard } from '@/modules/ledger/service';
import { loadMailBrand } from '@/modules/mail/mail-brand';
import { enqueueMail } from '@/modules/mail/outbox';
import { writeOrderSchedule } from '@/modules/schedules/order-schedule';
import { confirmationMail } from './confirmation-mail';
import { mailAnswerLines } from './order-answers';
import { freezeCartCharges } from './frozen-fees';
import { hashSecret, newAccessSecret, newOrderNumber, newScanCode } from './codes';
import { issueOrderMemberships } from './order-memberships';
import { bookCartTickets, completeCart, insertOrder, selectGroupHandlers } from './repo';
import { anonymousEditing, confirmationTicket, orderLinks } from './order-mail';
import { selectOrderTicketDetails } from './order-tickets';
import { receiptPayments } from '@/modules/payments/receipt-payments';
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
  /** the cart bundle before checkout: its totals, each ticket's charge (frozen), the schedule */
  bundle: CartBundle;
  /** storefront origin for the secret link */
  origin: string;
  sendEmail: boolean;
  now: Date;
}

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
      // spec: identity §2 "Checkout pending" — the processing page shows the cart number as the
      // reference, so the order carries it (one order per cart; cart numbers are unique per
      // seller). A clash with an older order's number draws a fresh one instead.
      orderNumber: attempt === 0 ? input.cart.cartNumber : newOrderNumber(),
      accessSecretHash: hashSecret(secret),
      email: input.email,
      // the locked cart's giftee: every path to the order (checkout, gift_checkout, a payment
      // settling later) records it the same way (decision 0023)
      gifteeIdentityId: input.cart.gifteeIdentityId ?? null,
      // the checkout answers the locked cart keeps, by every path to the order (decision 0064)
      additionalInfo: input.cart.additionalInfo ?? null,
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
  // each ticket keeps what it is charged now: the totals above are the sum of these lines
  await freezeCartCharges(tx, input.cart.id, input.bundle);
  const booked = await bookCartTickets(tx, input.cart.id, order);
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
  // identity §3 "Membership": one term per level bought (memberships/issue.ts, decision 0032)
  const memberships = await issueOrderMemberships(tx, input, order, booked, handlers);
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
    const brand = await loadMailBrand(tx, input.seller, input.origin);
    const mail = await confirmationMail({
      sellerId: input.seller.id,
      brand,
      to: input.email,
      orderNumber: order.orderNumber,
      orderScanCode: scanCode,
      placedAt: order.createdAt,
      totalMinor: input.totals.afterFees,
      currency: input.totals.currency,
      // the tickets page, and the manage page when the seller lets buyers edit (decision 0036)
      ...orderLinks(input.origin, order.id, secret, await anonymousEditing(tx, input.seller.id)),
      giftCards,
      balance,
      gifteeName: giftee?.name ?? null,
      memberships,
      payments: await receiptPayments(tx, input.cart.id),
      // the checkout answers, named as the order pages name them (decision 0077)
      answers: mailAnswerLines(input.bundle, order.additionalInfo, brand.locale),
      tickets: (await selectOrderTicketDetails(tx, [order.id])).map((d) =>
        confirmationTicket(d, input.seller.timezone, scanCode),
      ),
    });
    await enqueueMail(tx, mail);
  }
  orderTestHooks.beforeCommit?.();
  return { order, secret };
}
