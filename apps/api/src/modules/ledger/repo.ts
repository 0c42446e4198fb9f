import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/connection';
import { ledgerCard } from '@/db/schema/codes';

/** The ledger module's SQL: gift cards (shopping §3 "Gift card"). */

type Executor = Pick<Db, 'select' | 'insert' | 'update' | 'execute'>;
export type LedgerCardRow = typeof ledgerCard.$inferSelect;

/** A gift card by number, case-insensitive and trimmed (numbers are printed upper-case). */
export async function selectCardByNumber(
  db: Executor,
  sellerId: string,
  number: string,
): Promise<LedgerCardRow | null> {
  const [row] = await db
    .select()
    .from(ledgerCard)
    .where(
      and(eq(ledgerCard.sellerId, sellerId), eq(ledgerCard.number, number.trim().toUpperCase())),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Draws `amount` from the card only if it still holds that much: one conditional UPDATE, so
 * concurrent draws never overdraw (the loser sees no row and reads the balance again).
 */
export async function drawBalance(
  db: Executor,
  cardId: string,
  amount: number,
): Promise<LedgerCardRow | null> {
  const [row] = await db
    .update(ledgerCard)
    .set({ balance: sql`${ledgerCard.balance} - ${amount}` })
    .where(
      and(
        eq(ledgerCard.id, cardId),
        eq(ledgerCard.state, 'active'),
        sql`${ledgerCard.balance} >= ${amount}`,
      ),
    )
    .returning();
  return row ?? null;
}

/** Issues a card; a number collision (unique per seller) answers null so the caller redraws. */
export async function insertCard(
  db: Executor,
  values: typeof ledgerCard.$inferInsert,
): Promise<LedgerCardRow | null> {
  const [row] = await db.insert(ledgerCard).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

/** Gives a drawn amount back to its card (a payment refunded: decision 0027). */
export async function creditBalance(db: Executor, cardId: string, amount: number) {
  await db
    .update(ledgerCard)
    .set({ balance: sql`${ledgerCard.balance} + ${amount}` })
    .where(eq(ledgerCard.id, cardId));
}
