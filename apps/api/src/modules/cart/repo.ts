import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '@/db/connection';
import { orderEdit } from '@/db/schema/aftersale';
import { cart, ticket, ticketOrder, type CartRow, type OrderRow } from '@/db/schema/cart';
import { eventTemplate, ticketGroup } from '@/db/schema/catalog';
import { eventSession } from '@/db/schema/sessions';
import { idempotencyKey, payment } from '@/db/schema/payments';
import { newCartNumber } from './cart-number';
import type { Executor } from '@/db/transaction';

/** The cart module's SQL: cart and ticket rows (a reserve's catalogue rows: bundle-repo.ts). */

// raw SQL fragments bind timestamps as ISO text: both drivers then agree on the instant
const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

export async function selectCart(db: Executor, cartId: string): Promise<CartRow | null> {
  const [row] = await db.select().from(cart).where(eq(cart.id, cartId)).limit(1);
  return row ?? null;
}

/**
 * The seal of an order's edit cart (decision 0036; issue #22): it belongs to the order's buyer,
 * yet only ticket_order/{id}/edit… may touch it, behind the edit's rules (logged out, the same
 * event, the horizon). Every ordinary way to a cart (its lookups, the login's hand-over) reads
 * carts through this condition, so for them an edit cart does not exist.
 */
export const notAnOrderEdit = sql`NOT EXISTS (SELECT 1 FROM ${orderEdit} WHERE ${orderEdit.cartId} = ${cart.id})`;

/** A cart as the ordinary cart, code and checkout routes see it: never an order's edit cart. */
export async function selectShopperCart(db: Executor, cartId: string): Promise<CartRow | null> {
  const [row] = await db
    .select()
    .from(cart)
    .where(and(eq(cart.id, cartId), notAnOrderEdit))
    .limit(1);
  return row ?? null;
}

/** Inserts a cart with a fresh random number, drawing again on the (rare) collision. */
export async function insertCart(
  tx: Executor,
  values: Omit<typeof cart.$inferInsert, 'cartNumber'>,
): Promise<CartRow> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const [row] = await tx
      .insert(cart)
      .values({ ...values, cartNumber: newCartNumber() })
      .onConflictDoNothing()
      .returning();
    if (row) return row;
  }
  throw new Error('could not draw a free cart number');
}

/**
 * Locks a pending, unexpired cart for a change and moves its expiry to at least `expiresAt`
 * (never shortens it). Null when the cart is no longer pending or has run out.
 */
export async function lockPendingCart(
  tx: Executor,
  cartId: string,
  now: Date,
  expiresAt: Date | null,
): Promise<CartRow | null> {
  const [row] = await tx
    .update(cart)
    .set({
      updatedAt: now,
      ...(expiresAt ? { expiresAt: sql`greatest(${cart.expiresAt}, ${at(expiresAt)})` } : {}),
    })
    .where(and(eq(cart.id, cartId), eq(cart.state, 'pending'), sql`${cart.expiresAt} > ${at(now)}`))
    .returning();
  return row ?? null;
}

/** Sets (or clears) the cart's giftee if it is still pending and unexpired; null otherwise. */
/** Keeps the payment entry's `auto_renew` on a pending cart for its order (decision 0032). */
export async function updateCartAutoRenew(db: Executor, cartId: string, autoRenew: boolean) {
  await db
    .update(cart)
    .set({ autoRenew })
    .where(and(eq(cart.id, cartId), eq(cart.state, 'pending')));
}

/** The cart's `additional_info`: the checkout keeps its questions' answers here (decision 0064). */
export async function updateCartAdditionalInfo(
  db: Executor,
  cartId: string,
  additionalInfo: Record<string, unknown>,
) {
  await db
    .update(cart)
    .set({ additionalInfo })
    .where(and(eq(cart.id, cartId), eq(cart.state, 'pending')));
}

/** The giver's message for a gift cart (PATCH `gift_message`, gift_checkout; decision 0038). */
export async function updateCartGiftMessage(
  tx: Executor,
  cartId: string,
  now: Date,
  giftMessage: string | null,
): Promise<CartRow | null> {
  const [row] = await tx
    .update(cart)
    .set({ giftMessage, updatedAt: now })
    .where(and(eq(cart.id, cartId), eq(cart.state, 'pending'), sql`${cart.expiresAt} > ${at(now)}`))
    .returning();
  return row ?? null;
}

export async function updateCartGiftee(
  tx: Executor,
  cartId: string,
  now: Date,
  gifteeIdentityId: string | null,
): Promise<CartRow | null> {
  const [row] = await tx
    .update(cart)
    .set({ gifteeIdentityId, updatedAt: now })
    .where(and(eq(cart.id, cartId), eq(cart.state, 'pending'), sql`${cart.expiresAt} > ${at(now)}`))
    .returning();
  return row ?? null;
}

/**
 * One PATCH extension (shopping §4, §9; decision 0025), decided by the row: only a pending cart
 * with at most `offerMs` left, before it expires, with extensions to spare. Concurrent PATCHes
 * queue on the row; after the first, more than `offerMs` remain and the rest are refused.
 */
export async function extendCartHold(
  tx: Executor,
  cartId: string,
  now: Date,
  expiresAt: Date,
  rule: { offerMs: number; maxExtensions: number },
) {
  const [row] = await tx
    .update(cart)
    .set({ expiresAt, extensionCount: sql`${cart.extensionCount} + 1`, updatedAt: now })
    .where(
      and(
        eq(cart.id, cartId),
        eq(cart.state, 'pending'),
        sql`${cart.expiresAt} > ${at(now)}`,
        sql`${cart.expiresAt} <= ${at(new Date(now.getTime() + rule.offerMs))}`,
        sql`${cart.extensionCount} < ${rule.maxExtensions}`,
      ),
    )
    .returning();
  return row ?? null;
}

/** How long a card payment may sit in `created` (the gateway call in progress) and still hold. */
export const PAYMENT_CALL_HOLD_MS = 2 * 60_000;

/**
 * Money in flight keeps the hold: a processing payment (until it settles, decision 0018), a
 * card payment whose gateway call is still running, or money taken under an Idempotency-Key
 * whose request has not finished (`charged`: the recovery makes the order or refunds, decision
 * 0027). Expiring under it would take a payment for places already given back.
 */
const noMoneyInFlight = (now: Date) => sql`not exists (
  select 1 from ${payment} where ${payment.cartId} = ${cart.id}
    and (${payment.state} = 'processing'
      or (${payment.state} = 'created'
        and ${payment.createdAt} > ${at(new Date(now.getTime() - PAYMENT_CALL_HOLD_MS))})))
  and not exists (
  select 1 from ${idempotencyKey} where ${idempotencyKey.cartId} = ${cart.id}
    and ${idempotencyKey.state} = 'charged')`;

/**
 * The state gate of expiry: exactly one caller wins the pending → expired transition, and only
 * the winner releases capacity (issue "Expiry": races between sweepers and reads are harmless).
 */
export async function markCartExpired(tx: Executor, cartId: string, now: Date) {
  const won = await tx
    .update(cart)
    .set({ state: 'expired', updatedAt: now })
    .where(
      and(
        eq(cart.id, cartId),
        eq(cart.state, 'pending'),
        lte(cart.expiresAt, now),
        noMoneyInFlight(now),
      ),
    )
    .returning({ id: cart.id });
  return won.length > 0;
}

/** Cancels a cart's held tickets; returns the sessions they were of (their seats are free). */
export async function cancelCartTickets(tx: Executor, cartId: string): Promise<string[]> {
  const rows = await tx
    .update(ticket)
    .set({ state: 'cancelled' })
    .where(and(eq(ticket.cartId, cartId), eq(ticket.state, 'in_cart')))
    .returning({ sessionId: ticket.eventSessionId });
  return rows.flatMap((r) => r.sessionId ?? []);
}

export async function selectExpiredCartIds(db: Executor, now: Date, limit: number) {
  const rows = await db
    .select({ id: cart.id })
    .from(cart)
    .where(and(eq(cart.state, 'pending'), lte(cart.expiresAt, now), noMoneyInFlight(now)))
    .orderBy(asc(cart.expiresAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

export async function deleteCartRow(tx: Executor, cartId: string) {
  await tx.delete(cart).where(eq(cart.id, cartId));
}

/** The sessions a cart's tickets are of (whose cached reads an expiry makes stale). */
export async function selectCartSessionIds(db: Executor, cartId: string): Promise<string[]> {
  const rows = await db
    .select({ id: ticket.eventSessionId })
    .from(ticket)
    .where(eq(ticket.cartId, cartId))
    .groupBy(ticket.eventSessionId);
  return rows.flatMap((r) => r.id ?? []);
}

export async function selectTickets(db: Executor, cartId: string, limit = 1000) {
  return db
    .select()
    .from(ticket)
    .where(eq(ticket.cartId, cartId))
    .orderBy(asc(ticket.createdAt), asc(ticket.id))
    .limit(limit);
}

export async function deleteTickets(tx: Executor, cartId: string, ticketIds: string[]) {
  await tx.delete(ticket).where(and(eq(ticket.cartId, cartId), inArray(ticket.id, ticketIds)));
}

/** Counts of live tickets per group+session and per type, for the per-order limits. */
export async function countLiveTickets(tx: Executor, cartId: string) {
  return tx
    .select({
      ticketGroupId: ticket.ticketGroupId,
      ticketTypeId: ticket.ticketTypeId,
      eventSessionId: ticket.eventSessionId,
      n: sql<number>`cast(count(*) as integer)`,
    })
    .from(ticket)
    .where(and(eq(ticket.cartId, cartId), eq(ticket.state, 'in_cart')))
    .groupBy(ticket.ticketGroupId, ticket.ticketTypeId, ticket.eventSessionId);
}

/**
 * The cart's `in_cart` tickets by event and group handler, with the event's category: what the
 * add-on rule counts (anchor-match.ts).
 */
export async function selectLiveTicketKinds(tx: Executor, cartId: string) {
  return tx
    .select({
      eventId: ticket.eventTemplateId,
      category: eventTemplate.category,
      handler: ticketGroup.handler,
      count: sql<number>`cast(count(*) as integer)`,
    })
    .from(ticket)
    .innerJoin(ticketGroup, eq(ticketGroup.id, ticket.ticketGroupId))
    .innerJoin(eventTemplate, eq(eventTemplate.id, ticket.eventTemplateId))
    .where(and(eq(ticket.cartId, cartId), eq(ticket.state, 'in_cart')))
    .groupBy(ticket.eventTemplateId, eventTemplate.category, ticketGroup.handler);
}

/** Whether an event is sold by session at all (any-date events have none). */
export async function eventHasSessions(db: Db, eventTemplateId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: eventSession.id })
    .from(eventSession)
    .where(eq(eventSession.eventTemplateId, eventTemplateId))
    .limit(1);
  return row !== undefined;
}

/** The order a cart completed into, if any (one per cart). */
export async function selectOrderByCart(db: Executor, cartId: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(ticketOrder).where(eq(ticketOrder.cartId, cartId)).limit(1);
  return row ?? null;
}
