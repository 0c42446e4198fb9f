import { randomBytes } from 'node:crypto';
import type { Db } from '@/db/connection';
import { checkoutRule, code } from '@/db/schema/codes';
import { payment } from '@/db/schema/payments';

/** Factories of the checkout issue's codes: a promo code, a checkout rule, a payment row. */

type Insert<T extends { $inferInsert: unknown }> = Partial<T['$inferInsert']>;

export type CodeRow = typeof code.$inferSelect;

async function one<T>(rows: Promise<T[]>): Promise<T> {
  const [row] = await rows;
  if (!row) throw new Error('factory insert returned no row');
  return row;
}

/** A promo code: 10 % off every ticket, unlimited, unless overridden. */
export function makeCode(db: Db, seller: { id: string }, overrides: Insert<typeof code> = {}) {
  return one(
    db
      .insert(code)
      .values({
        sellerId: seller.id,
        code: `CODE${randomBytes(3).toString('hex').toUpperCase()}`,
        name: 'Ten percent off',
        discountType: 'percent',
        discountValue: 10_000,
        ...overrides,
      })
      .returning(),
  );
}

/** A checkout rule: tickets of the resource need a code of `codeGroup`. */
export function makeCheckoutRule(
  db: Db,
  seller: { id: string },
  overrides: Insert<typeof checkoutRule> & { resourceId: string },
) {
  return one(
    db
      .insert(checkoutRule)
      .values({
        sellerId: seller.id,
        resource: 'ticket_group',
        codeGroup: 'partner',
        description: 'A partner code is required for these tickets',
        ...overrides,
      })
      .returning(),
  );
}

/** A payment row as the payments module writes it. */
export function makePayment(
  db: Db,
  seller: { id: string },
  cartId: string,
  overrides: Insert<typeof payment> = {},
) {
  return one(
    db
      .insert(payment)
      .values({
        sellerId: seller.id,
        cartId,
        gatewayId: 'ledger',
        amount: 1000,
        currency: 'USD',
        state: 'succeeded',
        ...overrides,
      })
      .returning(),
  );
}
