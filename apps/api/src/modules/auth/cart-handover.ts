import { sql } from 'drizzle-orm';
import type { Db } from '@/db/connection';
import { notAnOrderEdit } from '@/modules/cart/repo';

type Executor = Pick<Db, 'execute'>;

// a type alias, not an interface: execute's row parameter must be a Record
export type HandedOverCart = {
  id: string;
  state: string;
};

/**
 * spec: identity §4 "Cart state after login", §6 — the guest's pending cart moves to the member
 * at login. One conditional UPDATE decides: only a pending, unexpired cart of this seller that
 * the seller's PUBLIC identity owns moves; another member's cart never does. A cart the member
 * already owns is answered as is (a second login in the same browser). An order's edit cart is
 * no shopping cart: never handed over nor named (cart/repo.ts `notAnOrderEdit`).
 */
export async function handOverCart(
  db: Executor,
  input: {
    cartId: string;
    sellerId: string;
    publicIdentityId: string;
    memberId: string;
    now: Date;
  },
): Promise<HandedOverCart | null> {
  const { cartId, sellerId, publicIdentityId, memberId, now } = input;
  const result = await db.execute<HandedOverCart>(sql`
    UPDATE cart SET identity_id = ${memberId}, updated_at = ${now}
    WHERE id = ${cartId} AND seller_id = ${sellerId} AND state = 'pending'
      AND expires_at > ${now}
      AND identity_id IN (${publicIdentityId}, ${memberId})
      AND ${notAnOrderEdit}
    RETURNING id, state`);
  const [row] = result.rows;
  return row ?? null;
}
