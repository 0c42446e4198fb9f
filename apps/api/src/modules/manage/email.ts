import { eq, sql } from 'drizzle-orm';
import type { SelfEditRules } from '@admit/contracts/self-edit-rules';
import { isCancelledState } from '@admit/contracts/rules/self-edit';
import type { Db } from '@/db/connection';
import { paymentRefund } from '@/db/schema/aftersale';
import type { Caller } from '@/http/caller';
import { enqueueMail } from '@/modules/mail/outbox';
import { changeView, orderMail } from '@/modules/orders/order-mail';
import { selectOrderTicketDetails } from '@/modules/orders/order-tickets';
import { orderSecretMatches } from '@/modules/orders/codes';
import { readableOrder } from '@/modules/orders/order-read';

export interface EmailOrderInput {
  caller: Caller;
  orderId: string;
  secret: string | undefined;
  /** null: the confirmation again (the account area's 'Resend my order') */
  logContext: 'order_update' | 'order_cancel' | null;
  origin: string;
  rules: SelfEditRules;
  /** the mail limits of the address it goes to (throws 429 rate_limited) */
  limit: (to: string) => Promise<void>;
}

/**
 * POST ticket_order/{id}/email (identity §7): the order mailed again to its address — the
 * buyer's own session or the secret link may ask, anyone else gets the order read's 404. With
 * `log_context` it is the update or cancel mail, naming the order's cancelled tickets and what
 * was refunded. Answers whether a mail was queued (an order without an address has none).
 */
export async function emailOrder(db: Db, input: EmailOrderInput): Promise<boolean> {
  const { caller } = input;
  const order = await readableOrder(db, caller.seller, caller.identity, input.orderId, {
    secret: input.secret,
  });
  if (!order.email) return false;
  // the links carry the secret only when it is the order's (the buyer's session may omit it)
  const secret = input.secret && orderSecretMatches(input.secret, order) ? input.secret : null;
  await input.limit(order.email);
  const details = await selectOrderTicketDetails(db, [order.id]);
  let change = null;
  if (input.logContext) {
    const [refunded] = await db
      .select({ n: sql<string>`coalesce(sum(${paymentRefund.amount}), 0)` })
      .from(paymentRefund)
      .where(eq(paymentRefund.ticketOrderId, order.id));
    const cancelled = details.filter((d) => isCancelledState(d.ticket.state));
    change = changeView(
      input.logContext,
      cancelled,
      Number(refunded?.n ?? 0),
      caller.seller.timezone,
    );
  }
  const mail = await orderMail(db, {
    order,
    seller: caller.seller,
    origin: input.origin,
    secret,
    manageable: input.rules.enabled && secret !== null,
    details,
    change,
  });
  if (!mail) return false;
  await enqueueMail(db, mail);
  return true;
}
