import { desc, eq } from 'drizzle-orm';
import { toCollection } from '@admit/contracts/envelope';
import type { PaymentRefund, TicketManage } from '@admit/contracts/manage';
import { minorToDecimal } from '@admit/contracts/money';
import type { SelfEditRules } from '@admit/contracts/self-edit-rules';
import {
  cancelRefusal,
  isCancelledState,
  isOrderCancellable,
  isSessionEditable,
  selfEditRefusal,
} from '@admit/contracts/rules/self-edit';
import type { Db } from '@/db/connection';
import { paymentRefund } from '@/db/schema/aftersale';
import { payment } from '@/db/schema/payments';
import type { Caller } from '@/http/caller';
import {
  factsOf,
  selectOrderTicketDetails,
  type OrderTicketDetail,
} from '@/modules/orders/order-tickets';
import { selectOrder } from '@/modules/orders/repo';
import { orderBundle } from '@/modules/orders/order-read';
import { horizonClock } from './access';

/** The answers of the manage calls: the order bundle, with refunds or the after-sale facts. */

async function refundsOf(db: Db, orderId: string): Promise<PaymentRefund[]> {
  const rows = await db
    .select({ refund: paymentRefund, gatewayId: payment.gatewayId })
    .from(paymentRefund)
    .innerJoin(payment, eq(payment.id, paymentRefund.paymentId))
    .where(eq(paymentRefund.ticketOrderId, orderId))
    .orderBy(desc(paymentRefund.createdAt), desc(paymentRefund.id));
  return rows.map(({ refund, gatewayId }) => ({
    id: refund.id,
    payment_id: refund.paymentId,
    ticket_order_id: refund.ticketOrderId,
    gateway_id: gatewayId,
    amount: minorToDecimal(refund.amount),
    currency_code: refund.currency,
    state: refund.state,
    reason: refund.reason,
    created_at: refund.createdAt.toISOString(),
  }));
}

/** identity §2 "Manage order" labels and §5 rules, ticket by ticket. */
function ticketManage(
  d: OrderTicketDetail,
  rules: SelfEditRules,
  sellerZone: string,
  now: Date,
): TicketManage {
  const clock = horizonClock(now, d.timeZone || sellerZone, rules);
  const facts = factsOf(d);
  const cancel = cancelRefusal(facts, rules, clock);
  const reschedule = selfEditRefusal(facts, rules, clock);
  const started = facts.start !== null && facts.start.getTime() <= now.getTime();
  return {
    ticket_id: d.ticket.id,
    label:
      d.ticket.state === 'redeemed'
        ? 'redeemed'
        : isCancelledState(d.ticket.state)
          ? 'cancelled'
          : started
            ? 'past_event'
            : null,
    cancellable: cancel === null,
    reschedulable: reschedule === null,
    refusal: cancel ?? reschedule,
  };
}

/** The after-sale facts of an order for a caller with these rules. */
export function manageFacts(
  orderId: string,
  details: OrderTicketDetail[],
  rules: SelfEditRules,
  sellerZone: string,
  now: Date,
) {
  const tickets = details.map((d) => ticketManage(d, rules, sellerZone, now));
  const bySession = new Map<string, OrderTicketDetail[]>();
  for (const d of details) {
    if (d.session) bySession.set(d.session.id, [...(bySession.get(d.session.id) ?? []), d]);
  }
  const editableSessions = [...bySession].filter(([, list]) =>
    isSessionEditable(
      list.map((d) => d.ticket),
      list[0]!.session!.start,
      rules,
      horizonClock(now, list[0]!.timeZone || sellerZone, rules),
    ),
  );
  const orderClock = horizonClock(now, details[0]?.timeZone || sellerZone, rules);
  return {
    order_manage: toCollection([
      {
        ticket_order_id: orderId,
        editable: rules.enabled,
        order_cancellable: isOrderCancellable(details.map(factsOf), rules, orderClock),
        editable_session_ids: editableSessions.map(([id]) => id),
      },
    ]),
    ticket_manage: toCollection(tickets),
  };
}

async function bundleOf(db: Db, caller: Caller, orderId: string, now: Date) {
  const order = (await selectOrder(db, orderId))!;
  return orderBundle(db, order, caller.seller, caller.publicIdentityId, now);
}

/** The order bundle as the manage page reads it, with its facts (what may change, and when). */
export async function managedOrderAnswer(
  db: Db,
  caller: Caller,
  orderId: string,
  now: Date,
  rules: SelfEditRules,
) {
  const bundle = await bundleOf(db, caller, orderId, now);
  const details = await selectOrderTicketDetails(db, [orderId]);
  return { ...bundle, ...manageFacts(orderId, details, rules, caller.seller.timezone, now) };
}

/** The order bundle after a cancel, with its refunds. */
export async function cancelledOrderAnswer(db: Db, caller: Caller, orderId: string, now: Date) {
  const bundle = await bundleOf(db, caller, orderId, now);
  return { ...bundle, payment_refund: toCollection(await refundsOf(db, orderId)) };
}
