import { orderCancelBodySchema, orderCancelResponseSchema } from '@admit/contracts/manage';
import { cancelRefusal } from '@admit/contracts/rules/self-edit';
import type { SelfEditRules } from '@admit/contracts/self-edit-rules';
import type { Db } from '@/db/connection';
import { withRetryingTransaction, type Tx } from '@/db/transaction';
import { forgetSessionReads } from '@/http/read-scopes';
import { AppError } from '@/http/app-error';
import type { Caller } from '@/http/caller';
import type { SellerRef } from '@/http/request-context';
import {
  idempotencyKeyOf,
  recordKeyOrder,
  requestHash,
  selectKey,
} from '@/modules/payments/idempotency';
import { runIdempotent, type IdempotencyOptions } from '@/modules/payments/idempotent-run';
import { executeRefunds, type RefundRunDeps } from '@/modules/payments/refunds';
import {
  applyOrderChangeInTx,
  type OrderChangeInput,
  type OrderChangeResult,
} from '@/modules/orders/order-change';
import { factsOf, selectOrderTicketDetails } from '@/modules/orders/order-tickets';
import { lockOrderRow } from '@/modules/orders/repo';
import { horizonClock, managedOrder } from './access';
import { addOnsLeavingWith } from './add-on-trim';
import { cancelledOrderAnswer } from './answers';
import { refusalError, ticketNotFound } from './refusals';

/**
 * POST ticket_order/{id}/cancel (identity §5 cancel selected tickets, free-order cancel; §7):
 * every listed ticket the rules allow, or none. One transaction cancels them (places back once:
 * order-change.ts), lowers the order's totals, writes the refunds of what was paid beyond them
 * and mails the order (`order_cancel`); the card refunds run after the commit. Under an
 * Idempotency-Key like the checkout: a retry answers the first answer, a retry after a crash
 * finds the cancel recorded on the key (same transaction) and answers the order as it is.
 */

export interface CancelDeps extends RefundRunDeps {
  idempotencyOf: (cartId: string) => IdempotencyOptions;
  origin: (sellerId: string) => Promise<string>;
}

export interface CancelCall {
  caller: Caller;
  orderId: string;
  secret: string | undefined;
  body: unknown;
  headers: Record<string, unknown>;
  method: string;
  url: string;
}

export async function cancelOrderTickets(deps: CancelDeps, call: CancelCall) {
  const { db } = deps;
  const { seller } = call.caller;
  const managed = await managedOrder(db, call.caller, call.orderId, call.secret);
  const key = idempotencyKeyOf(call.headers);
  const ids = cancelIdsOf(call.body);
  const hash = requestHash([call.caller.identity.id, call.method, call.url, call.orderId, ids]);
  const options = deps.idempotencyOf(managed.order.cartId);
  return runIdempotent(db, seller.id, key, hash, options, async () => {
    const recorded = await selectKey(db, seller.id, key);
    // a cancel committed under this key whose answer was lost: the order as it is now
    if (!recorded?.orderId) {
      const { refunds, sessions } = await cancelInTx(db, deps, {
        ...managed,
        ids,
        key,
        seller: call.caller,
      });
      // committed: the freed seats' cached seat maps go stale (decision 0052)
      await forgetSessionReads(db, sessions);
      await executeRefunds(deps, refunds);
    }
    const body = await cancelledOrderAnswer(db, call.caller, managed.order.id, deps.now());
    // the answer the key stores (and a replay sends), in its wire shape
    return { status: 200, body: orderCancelResponseSchema.parse(body) };
  });
}

/** The body's ticket ids, read after the order check (a refusal is the cancel's 4xx). */
export function cancelIdsOf(body: unknown): string[] {
  const parsed = orderCancelBodySchema.safeParse(body ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.map(String).join('.') || 'body';
    throw new AppError('validation_failed', 'ticket_order', issue?.message ?? 'invalid', { field });
  }
  // each id once: the contract refuses a repeat (400)
  return parsed.data.tickets.map((id) => id.toLowerCase());
}

async function cancelInTx(
  db: Db,
  deps: CancelDeps,
  input: Awaited<ReturnType<typeof managedOrder>> & { ids: string[]; key: string; seller: Caller },
) {
  const { seller } = input.seller;
  const now = deps.now();
  const origin = await deps.origin(seller.id);
  return withRetryingTransaction(db, async (tx) => {
    const result = await cancelTicketsInTx(tx, {
      orderId: input.order.id,
      seller,
      ids: input.ids,
      rules: input.rules,
      now,
      mail: { origin, secret: input.secret, manageable: input.rules.enabled },
    });
    await recordKeyOrder(tx, seller.id, input.key, { id: input.order.id, secret: '' });
    return {
      refunds: result.refunds,
      sessions: result.cancelled.map((d) => d.ticket.eventSessionId),
    };
  });
}

export interface CancelTicketsInput {
  orderId: string;
  seller: SellerRef;
  ids: string[];
  /**
   * the buyer's self-edit rules, each ticket checked against them; null: the box office
   * (decision 0087), whom no self-edit rule limits — only a booked ticket still cancels
   */
  rules: SelfEditRules | null;
  now: Date;
  mail: OrderChangeInput['mail'];
}

/**
 * THE cancel of an order's tickets, inside the caller's transaction: the order row locked, each
 * ticket checked, the add-ons leaving with them, then the one order change (places back once,
 * totals, refunds within what was paid, the cancel mail). The buyer's manage flow and the box
 * office (modules/office-orders) both call it; the caller runs the card refunds after commit.
 */
export async function cancelTicketsInTx(
  tx: Tx,
  input: CancelTicketsInput,
): Promise<OrderChangeResult> {
  const { seller, now, rules } = input;
  const order = await lockOrderRow(tx, input.orderId);
  if (!order) throw new AppError('not_found', 'ticket_order', 'We could not find that order.');
  const details = await selectOrderTicketDetails(tx, [order.id]);
  const checkCancel = (detail: (typeof details)[number]) => {
    if (!rules) return;
    const clock = horizonClock(now, detail.timeZone || seller.timezone, rules);
    const refusal = cancelRefusal(factsOf(detail), rules, clock);
    if (refusal) throw refusalError(refusal, detail.ticket.id, 'cancel');
  };
  for (const id of input.ids) {
    const detail = details.find((d) => d.ticket.id === id);
    if (!detail) throw ticketNotFound(id);
    checkCancel(detail);
  }
  // the add-on tickets beyond the admission that stays leave with it, under the same rules
  const addOns = await addOnsLeavingWith(tx, seller.id, details, new Set(input.ids));
  addOns.forEach(checkCancel);
  return applyOrderChangeInTx(tx, {
    order,
    seller,
    cancelIds: [...input.ids, ...addOns.map((d) => d.ticket.id)],
    editCartId: null,
    kind: 'order_cancel',
    now,
    mail: input.mail,
  });
}
