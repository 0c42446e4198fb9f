import type { SellerRef } from '@/http/request-context';
import type { OrderRow } from '@/db/schema/cart';
import type { Executor } from '@/db/transaction';
import { ACCOUNT_TICKET_STATES, anonymousEditingRules } from '@admit/contracts/rules/self-edit';
import { loadMailBrand } from '@/modules/mail/mail-brand';
import { readSellerSettings, selfEditRulesOf } from '@/modules/sellers/seller-settings';
import type { OrderChangeView } from '@/modules/mail/templates/order-confirmation-mail';
import type { OutgoingMail } from '@/modules/mail/outbox';
import { receiptPayments } from '@/modules/payments/receipt-payments';
import { confirmationMail } from './confirmation-mail';
import { mailAnswerLines, orderQuestionSource } from './order-answers';
import { ticketScanCode } from './codes';
import type { OrderTicketDetail } from './order-tickets';

/**
 * The order's links: the tickets page and, when the seller lets buyers edit, the manage page;
 * `root` is the seller's storefront root (sellers/seller-site.ts `storefrontRootOf`).
 */
export function orderLinks(
  root: string,
  orderId: string,
  secret: string | null,
  manageable: boolean,
) {
  const query = secret ? `?secret=${encodeURIComponent(secret)}` : '';
  return {
    orderLink: `${root}/ticket_order/${orderId}${query}`,
    // spec: identity §2 "Manage order (/manage/{id})" — reached from the e-mail's secret link
    manageOrderLink: manageable && secret ? `${root}/manage/${orderId}${query}` : null,
  };
}

/**
 * Where the buyer pays what an order still owes: the checkout opened on the order's cart
 * (identity §2 "Checkout": "Route params cartId or orderId load a cart or an existing order for
 * payment"; decision 0021's balance payment, `cart/{id}/pay`). Decision 0101.
 */
export const orderBalanceLink = (root: string, cartId: string) =>
  `${root}/checkout/${encodeURIComponent(cartId)}`;

/** Whether the seller lets the secret link's holder edit the order (identity §6). */
export async function anonymousEditing(tx: Executor, sellerId: string): Promise<boolean> {
  return anonymousEditingRules(selfEditRulesOf(await readSellerSettings(tx, sellerId))).enabled;
}

export interface OrderMailInput {
  order: OrderRow;
  seller: SellerRef;
  origin: string;
  /** the order's secret when the caller holds it (a guest's links need it) */
  secret: string | null;
  /** self-editing open to the secret link's holder: the mail links the manage page */
  manageable: boolean;
  /** every ticket of the order as it is now (order-tickets.ts) */
  details: OrderTicketDetail[];
  /** null: the confirmation as it is (the account area's resend) */
  change: OrderChangeView | null;
}

const mailTicket = (d: OrderTicketDetail, sellerZone: string) => ({
  eventName: d.eventName,
  typeName: d.typeName,
  ticketTypeId: d.ticket.ticketTypeId,
  // the receipt line's facts (rules/receipt-lines.ts) and whether it admits (a QR code)
  handler: d.handler,
  faceValue: d.ticket.faceValue,
  adjustedValue: d.ticket.adjustedValue,
  outsideFees: d.outsideFees,
  // what the ticket was charged: a fee or tax changed since does not re-price the receipt
  feeFixedOutside: d.ticket.feeFixedOutside,
  feePercentOutside: d.ticket.feePercentOutside,
  session: d.session
    ? { start_datetime: d.session.start.toISOString(), end_datetime: d.session.end.toISOString() }
    : null,
  timeZone: d.timeZone || sellerZone,
  ticketDateTime: d.ticketDateTime,
  seatName: d.seatName,
});

/** An order's change as the mail names it. */
/** A booked ticket as the confirmation shows it: its mail view and its own scan code. */
export const confirmationTicket = (
  d: OrderTicketDetail,
  sellerZone: string,
  orderScanCode: string | null,
) => ({
  ...mailTicket(d, sellerZone),
  scanCode: orderScanCode ? ticketScanCode(orderScanCode, d.ticket.id) : d.ticket.id,
});

export function changeView(
  kind: OrderChangeView['kind'],
  cancelled: OrderTicketDetail[],
  refundMinor: number,
  sellerZone: string,
  /**
   * a reschedule's new tickets and what its checkout charged (issue #25); `owed`: what the
   * order still owes after the change and where to pay it (decision 0101)
   */
  rescheduled: {
    added: OrderTicketDetail[];
    chargedMinor: number;
    owed?: OrderChangeView['owed'];
  } = {
    added: [],
    chargedMinor: 0,
  },
): OrderChangeView {
  const named = (d: OrderTicketDetail) => {
    const t = mailTicket(d, sellerZone);
    return {
      eventName: t.eventName,
      typeName: t.typeName,
      session: t.session,
      timeZone: t.timeZone,
      ticketDateTime: t.ticketDateTime,
    };
  };
  return {
    kind,
    refundMinor,
    cancelled: cancelled.map(named),
    rescheduled: rescheduled.added.map(named),
    chargedMinor: rescheduled.chargedMinor,
    owed: rescheduled.owed ?? null,
  };
}

/**
 * The order mailed again (identity §7 `POST ticket_order/{id}/email`, `order_update`,
 * `order_cancel`): the confirmation's template with its live tickets, in the caller's
 * transaction when it reports a change. Null when the order has no address to send to.
 */
export async function orderMail(tx: Executor, input: OrderMailInput): Promise<OutgoingMail | null> {
  const { order, seller } = input;
  if (!order.email) return null;
  const live = input.details.filter((d) =>
    (ACCOUNT_TICKET_STATES as readonly string[]).includes(d.ticket.state),
  );
  const total = order.totalAfterFeesPrice;
  const brand = await loadMailBrand(tx, seller, input.origin);
  // decision 0080: a resent or changed order lists its checkout answers as the first mail did
  const questions = await orderQuestionSource(
    tx,
    seller.id,
    input.details.map((d) => d.ticket),
    order.additionalInfo,
  );
  return confirmationMail({
    kind: input.change?.kind ?? 'order_confirmation',
    sellerId: seller.id,
    brand,
    to: order.email,
    orderNumber: order.orderNumber,
    orderScanCode: order.scanCode ?? order.orderNumber,
    placedAt: order.createdAt,
    totalMinor: total,
    currency: order.currency,
    ...orderLinks(input.origin, order.id, input.secret, input.manageable),
    giftCards: [],
    payments: await receiptPayments(tx, order.cartId),
    change: input.change,
    answers: mailAnswerLines(questions, order.additionalInfo, brand.locale),
    tickets: live.map((d) => confirmationTicket(d, seller.timezone, order.scanCode)),
  });
}
