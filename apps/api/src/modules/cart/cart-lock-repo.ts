import { and, eq, sql } from 'drizzle-orm';
import { cart, type CartRow } from '@/db/schema/cart';
import type { Executor } from '@/db/transaction';
import { notAnOrderEdit } from './repo';

/** The SQL of a change's one cart read: the row locked, then touched (modify-hold.ts). */

// raw SQL fragments bind timestamps as ISO text: both drivers then agree on the instant
const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/**
 * Reads a cart and locks its row for the rest of the transaction (`SELECT … FOR UPDATE`): the
 * one read of a change, whose ownership and state are then checked on the locked row
 * (cart-lookup.ts `lockModifiableCart`). `shopper` reach never sees an order's edit cart.
 */
export async function lockCartRow(
  tx: Executor,
  cartId: string,
  reach: 'shopper' | 'order_edit',
): Promise<CartRow | null> {
  const [row] = await tx
    .select()
    .from(cart)
    .where(and(eq(cart.id, cartId), reach === 'shopper' ? notAnOrderEdit : undefined))
    .limit(1)
    .for('update');
  return row ?? null;
}

/**
 * A locked pending cart's change: `updated_at`, the expiry moved to at least `expiresAt`
 * (never shortened), and the giftee and survey answers when given. The caller holds the row
 * lock and has checked the cart is pending and unexpired.
 */
export async function touchLockedCart(
  tx: Executor,
  cartId: string,
  change: {
    now: Date;
    expiresAt: Date | null;
    gifteeIdentityId?: string;
    additionalInfo?: unknown;
  },
): Promise<CartRow> {
  const [row] = await tx
    .update(cart)
    .set({
      updatedAt: change.now,
      ...(change.expiresAt
        ? { expiresAt: sql`greatest(${cart.expiresAt}, ${at(change.expiresAt)})` }
        : {}),
      ...(change.gifteeIdentityId === undefined
        ? {}
        : { gifteeIdentityId: change.gifteeIdentityId }),
      ...(change.additionalInfo === undefined ? {} : { additionalInfo: change.additionalInfo }),
    })
    .where(eq(cart.id, cartId))
    .returning();
  if (!row) throw new Error(`locked cart ${cartId} vanished`);
  return row;
}
