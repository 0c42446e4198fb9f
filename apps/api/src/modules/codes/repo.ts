import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { COUNTED_PAYMENT_STATES } from '@admit/contracts/cart';
import { cart, ticket } from '@/db/schema/cart';
import { ticketGroup, ticketType } from '@/db/schema/catalog';
import { cartCode, checkoutRule, code } from '@/db/schema/codes';
import { identity } from '@/db/schema/identity';
import { membershipGift } from '@/db/schema/memberships';
import { payment } from '@/db/schema/payments';
import type { Executor } from '@/db/transaction';

/** The codes module's SQL: codes, the codes a cart holds, checkout rules and a cart's payments. */

export type CodeRow = typeof code.$inferSelect;
export type CheckoutRuleRow = typeof checkoutRule.$inferSelect;

/** A code as the user typed it: trimmed, matched case-insensitively (code_seller_code_uq). */
export async function selectCodeByText(
  db: Executor,
  sellerId: string,
  text: string,
): Promise<CodeRow | null> {
  const [row] = await db
    .select()
    .from(code)
    .where(and(eq(code.sellerId, sellerId), sql`lower(${code.code}) = lower(${text.trim()})`))
    .limit(1);
  return row ?? null;
}

/**
 * Takes one use of a code, or nothing when it is used up: ONE conditional UPDATE, so under
 * concurrency PostgreSQL re-checks `used_count < max_uses` against the newest committed row
 * after waiting for the row lock and the last use goes to exactly one cart.
 */
export async function takeCodeUse(tx: Executor, codeId: string): Promise<boolean> {
  const rows = await tx
    .update(code)
    .set({ usedCount: sql`${code.usedCount} + 1` })
    .where(
      and(
        eq(code.id, codeId),
        sql`(${code.maxUses} is null or ${code.usedCount} < ${code.maxUses})`,
      ),
    )
    .returning({ id: code.id });
  return rows.length > 0;
}

/** Records the code on the cart; null when the cart already holds it (cart_code_cart_code_uq). */
export async function insertCartCode(tx: Executor, cartId: string, codeId: string, at: Date) {
  const [row] = await tx
    .insert(cartCode)
    .values({ cartId, codeId, createdAt: at })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

export async function updateCartCodeVoucher(tx: Executor, cartCodeId: string, voucher: string) {
  await tx.update(cartCode).set({ voucher }).where(eq(cartCode.id, cartCodeId));
}

/** The codes a cart holds, in the order they were applied (the tie-break of cartTotals). */
export async function selectCartCodes(db: Executor, cartId: string) {
  return db
    .select({ cartCode, code })
    .from(cartCode)
    .innerJoin(code, eq(code.id, cartCode.codeId))
    .where(eq(cartCode.cartId, cartId))
    .orderBy(asc(cartCode.createdAt), asc(cartCode.id));
}
export type CartCodeRow = Awaited<ReturnType<typeof selectCartCodes>>[number];

/**
 * Gives back the uses of every code the cart holds and forgets them, in one statement (a cart
 * holds a code at most once). Called by whoever won the cart row: expiry's state gate or the
 * delete's row lock, so no use is given back twice.
 */
export async function releaseCartCodes(tx: Executor, cartId: string) {
  await tx.execute(sql`
    with released as (
      delete from cart_code where cart_id = ${cartId}::uuid returning code_id
    )
    update code set used_count = greatest(used_count - 1, 0)
    where id in (select code_id from released)`);
}

/** The cart's payments (written by the payments module), oldest first. */
export async function selectCartPayments(db: Executor, cartId: string) {
  return db
    .select()
    .from(payment)
    .where(eq(payment.cartId, cartId))
    .orderBy(asc(payment.createdAt), asc(payment.id));
}

/** Checkout rules on any of the given resources (types, groups and events of a cart's tickets). */
export async function selectRulesOn(db: Executor, sellerId: string, resourceIds: string[]) {
  if (resourceIds.length === 0) return [];
  return db
    .select()
    .from(checkoutRule)
    .where(and(eq(checkoutRule.sellerId, sellerId), inArray(checkoutRule.resourceId, resourceIds)))
    .orderBy(asc(checkoutRule.id));
}

/**
 * CityPASS vouchers already taken by a cart that is not expired (pending or completed): a
 * voucher is good for one visit. cart_code.voucher holds the cart's vouchers comma-separated.
 */
export async function selectVouchersInUse(
  tx: Executor,
  sellerId: string,
  vouchers: string[],
  exceptCartId: string,
): Promise<string[]> {
  if (vouchers.length === 0) return [];
  const rows = await tx
    .select({ voucher: cartCode.voucher })
    .from(cartCode)
    .innerJoin(code, eq(code.id, cartCode.codeId))
    .innerJoin(cart, eq(cart.id, cartCode.cartId))
    .where(
      and(
        eq(code.sellerId, sellerId),
        sql`${cartCode.cartId} <> ${exceptCartId}::uuid`,
        sql`${cart.state} <> 'expired'`,
        sql`string_to_array(${cartCode.voucher}, ',') && ${`{${vouchers.join(',')}}`}::text[]`,
      ),
    );
  const taken = new Set(rows.flatMap((r) => (r.voucher ?? '').split(',')));
  return vouchers.filter((v) => taken.has(v));
}

/** Whether money was taken (or is being taken) on the cart: codes can no longer change it. */
export async function hasCountedPayments(db: Executor, cartId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: payment.id })
    .from(payment)
    .where(and(eq(payment.cartId, cartId), inArray(payment.state, [...COUNTED_PAYMENT_STATES])))
    .limit(1);
  return row !== undefined;
}

/** Stores each live ticket's adjusted value (face − its discount) in one statement. */
export async function updateAdjustedValues(
  tx: Executor,
  cartId: string,
  values: { id: string; adjusted: number }[],
) {
  if (values.length === 0) return;
  await tx.execute(sql`
    update ticket t set adjusted_value = v.adjusted
    from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as v(id uuid, adjusted integer)
    where t.id = v.id and t.cart_id = ${cartId}::uuid and t.adjusted_value <> v.adjusted`);
}

/** The cart's live tickets with their type's name (CityPASS tells child from adult by it). */
export async function selectLiveTickets(db: Executor, cartId: string) {
  return db
    .select({
      id: ticket.id,
      faceValue: ticket.faceValue,
      adjustedValue: ticket.adjustedValue,
      ticketTypeId: ticket.ticketTypeId,
      ticketGroupId: ticket.ticketGroupId,
      eventTemplateId: ticket.eventTemplateId,
      typeName: ticketType.name,
      handler: ticketGroup.handler,
    })
    .from(ticket)
    .innerJoin(ticketType, eq(ticketType.id, ticket.ticketTypeId))
    .innerJoin(ticketGroup, eq(ticketGroup.id, ticket.ticketGroupId))
    .where(and(eq(ticket.cartId, cartId), eq(ticket.state, 'in_cart')))
    .orderBy(asc(ticket.createdAt), asc(ticket.id));
}
export type LiveTicketRow = Awaited<ReturnType<typeof selectLiveTickets>>[number];

/** Who would redeem a gift of membership's code in this cart (its owner), and who gave it. */
export async function selectGiftRedeemer(tx: Executor, cartId: string, codeId: string) {
  const [owner] = await tx
    .select({ id: identity.id, kind: identity.kind, email: identity.email })
    .from(cart)
    .innerJoin(identity, eq(identity.id, cart.identityId))
    .where(eq(cart.id, cartId));
  const [gift] = await tx
    .select({ giverId: membershipGift.giverIdentityId })
    .from(membershipGift)
    .where(eq(membershipGift.codeId, codeId));
  return { owner: owner ?? null, giverId: gift?.giverId ?? null };
}

/**
 * The ticket types a code names (its type, or its group's types) with their prices, in their
 * order; null for a code on an event or the whole cart (too many to list).
 */
export async function selectTypesCovered(db: Executor, row: CodeRow) {
  if (!row.resourceId || (row.resource !== 'ticket_type' && row.resource !== 'ticket_group')) {
    return null;
  }
  const column = row.resource === 'ticket_type' ? ticketType.id : ticketType.ticketGroupId;
  return db
    .select({
      id: ticketType.id,
      amount: ticketType.amount,
      ticketGroupId: ticketType.ticketGroupId,
    })
    .from(ticketType)
    .where(and(eq(column, row.resourceId), eq(ticketType.sellerId, row.sellerId)))
    .orderBy(asc(ticketType.rank), asc(ticketType.id));
}
