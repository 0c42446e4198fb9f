import { and, desc, eq, inArray, like } from 'drizzle-orm';
import { toCollection } from '@admit/contracts/envelope';
import type { OfficeOrderResponse } from '@admit/contracts/office-orders';
import type { Db } from '@/db/connection';
import { paymentRefund } from '@/db/schema/aftersale';
import { ticketOrder, type OrderRow } from '@/db/schema/cart';
import { identity } from '@/db/schema/identity';
import { outbox } from '@/db/schema/mail';
import { auditLog } from '@/db/schema/office';
import { payment } from '@/db/schema/payments';
import { sellerApiKey } from '@/db/schema/seller-api';
import type { Executor } from '@/db/transaction';
import { AppError } from '@/http/app-error';
import { isUuid } from '@/http/query-values';
import { orderCartIds } from '@/modules/orders/repo';
import { selectOrderTicketDetails, ticketCharge } from '@/modules/orders/order-tickets';
import { LIVE_TICKET_STATES, officeOrderRow } from './search';
import { ticketScansOf } from './ticket-scans';

/**
 * One order's whole story for the box office (decision 0087): its tickets with their states and
 * scans (each admitted or refused one, decision 0107), the payments and refunds, the mails sent about it, and the notes and staff actions
 * (the audit log's records that name it).
 */

export const officeOrderNotFound = () =>
  new AppError('not_found', 'ticket_order', 'We could not find that order.');

/** The seller's order by id; any other seller's, or a malformed id, is not found. */
export async function sellerOrder(
  db: Executor,
  sellerId: string,
  orderId: string,
): Promise<OrderRow> {
  if (!isUuid(orderId)) throw officeOrderNotFound();
  const [row] = await db
    .select()
    .from(ticketOrder)
    .where(and(eq(ticketOrder.id, orderId.toLowerCase()), eq(ticketOrder.sellerId, sellerId)));
  if (!row) throw officeOrderNotFound();
  return row;
}

export const orderTarget = (orderId: string) => `ticket_order:${orderId}`;

export async function officeOrderView(
  db: Db,
  sellerId: string,
  orderId: string,
): Promise<OfficeOrderResponse> {
  const order = await sellerOrder(db, sellerId, orderId);
  const [details, cartIds, [person]] = await Promise.all([
    selectOrderTicketDetails(db, [order.id]),
    orderCartIds(db, order),
    db.select().from(identity).where(eq(identity.id, order.identityId)),
  ]);
  const keyIds = [
    ...new Set(details.map((d) => d.ticket.redeemedByApiKeyId).filter((id): id is string => !!id)),
  ];
  const [payments, refunds, keys, mails, history, scans] = await Promise.all([
    db.select().from(payment).where(inArray(payment.cartId, cartIds)).orderBy(payment.createdAt),
    db
      .select()
      .from(paymentRefund)
      .where(eq(paymentRefund.ticketOrderId, order.id))
      .orderBy(paymentRefund.createdAt),
    keyIds.length
      ? db
          .select({ id: sellerApiKey.id, name: sellerApiKey.name })
          .from(sellerApiKey)
          .where(inArray(sellerApiKey.id, keyIds))
      : Promise.resolve([]),
    // the outbox keeps no order id: the order's mails are those to its address that name it
    order.email
      ? db
          .select()
          .from(outbox)
          .where(
            and(
              eq(outbox.sellerId, sellerId),
              eq(outbox.toAddress, order.email),
              like(outbox.textBody, `%${order.orderNumber}%`),
            ),
          )
          .orderBy(desc(outbox.createdAt))
      : Promise.resolve([]),
    db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.sellerId, sellerId), eq(auditLog.target, orderTarget(order.id))))
      .orderBy(desc(auditLog.at), desc(auditLog.id)),
    ticketScansOf(
      db,
      sellerId,
      details.map((d) => d.ticket.id),
    ),
  ]);
  const keyName = new Map(keys.map((k) => [k.id, k.name]));
  const taken = payments.filter((p) => ['succeeded', 'refunding', 'refunded'].includes(p.state));
  const paid = taken.reduce((n, p) => n + p.amount, 0);
  const refunded = refunds.reduce((n, r) => n + r.amount, 0);
  const live = details.filter((d) =>
    (LIVE_TICKET_STATES as readonly string[]).includes(d.ticket.state),
  );
  const row = officeOrderRow(
    order,
    person ?? { firstName: null, lastName: null },
    details.length,
    live.length,
  );
  return {
    ticket_order: toCollection([
      {
        ...row,
        paid,
        refunded,
        tickets_detail: details.map((d) => ({
          id: d.ticket.id,
          state: d.ticket.state,
          event_template_id: d.ticket.eventTemplateId,
          event_name: d.eventName,
          ticket_type_name: d.typeName,
          event_session_id: d.session?.id ?? null,
          session_start: d.session?.start.toISOString() ?? null,
          admit_name: d.ticket.admitName,
          price: ticketCharge(d).total,
          redeemed_at: d.ticket.redeemedAt?.toISOString() ?? null,
          redeemed_by: d.ticket.redeemedByApiKeyId
            ? (keyName.get(d.ticket.redeemedByApiKeyId) ?? null)
            : null,
          scans: scans.get(d.ticket.id) ?? [],
        })),
        payments: payments.map((p) => ({
          id: p.id,
          gateway: p.gatewayId,
          state: p.state,
          amount: p.amount,
          card_last4: (p.gatewayData as { card_last4?: string } | null)?.card_last4 ?? null,
          created_at: p.createdAt.toISOString(),
        })),
        refunds: refunds.map((r) => ({
          id: r.id,
          payment_id: r.paymentId,
          amount: r.amount,
          state: r.state,
          reason: r.reason,
          created_at: r.createdAt.toISOString(),
        })),
        mails: mails.map((m) => ({
          id: m.id,
          kind: m.kind,
          to: m.toAddress,
          subject: m.subject,
          status: m.status,
          created_at: m.createdAt.toISOString(),
          sent_at: m.sentAt?.toISOString() ?? null,
        })),
        history: history.map((h) => ({
          id: h.id,
          action: h.action,
          actor: h.actor,
          at: h.at.toISOString(),
          reason: h.reason,
        })),
      },
    ]),
  };
}
