import { eq, inArray, sql } from 'drizzle-orm';
import { minorToDecimal } from '@admit/contracts/money';
import { sessionPriceTypePath } from '@admit/contracts/seller-file/catalogue';
import type { FileMoney } from '@admit/contracts/seller-file/primitives';
import { eventSession, sessionPrice } from '@/db/schema/sessions';
import type { Executor } from '@/db/transaction';
import { toMinor } from './desired-values';

/**
 * Session prices in a seller file (decision 0043): `prices: { <type key>: <decimal> }` on a
 * session rule or a one-off session. In the import's rows they are the session's value `prices`,
 * `{ ticketTypeId: minor units }` (`{}` without any), compared like a column and written to
 * `session_price` here.
 */

export type StoredPrices = Record<string, number>;

/** The file's prices as the rows keep them: type ids by the event's `group/type` paths. */
export function storedPrices(
  prices: Record<string, FileMoney> | undefined,
  typeIdOf: (groupTypePath: string) => string | undefined,
  typePaths: readonly string[],
): StoredPrices {
  const out: StoredPrices = {};
  for (const [key, money] of Object.entries(prices ?? {})) {
    const path = sessionPriceTypePath(typePaths, key);
    const id = path === null ? undefined : typeIdOf(path);
    // the reference check refused a key that names no one type; a type not yet made has no id
    if (id !== undefined) out[id] = toMinor(money);
  }
  return out;
}

/** Stored prices back to the file's form: type key → decimal, by the types' key paths. */
export function filePrices(
  prices: StoredPrices,
  typeKeyOf: (typeId: string) => string | undefined,
): Record<string, string> | undefined {
  const entries = Object.entries(prices).flatMap(([typeId, amount]) => {
    const key = typeKeyOf(typeId)?.split('/').at(-1);
    return key === undefined ? [] : [[key, minorToDecimal(amount)] as const];
  });
  return entries.length === 0
    ? undefined
    : Object.fromEntries(entries.sort(([a], [b]) => a.localeCompare(b)));
}

/** The stored prices of the seller's sessions, by session id (one read). */
export async function readSessionPrices(
  db: Executor,
  sellerId: string,
): Promise<Map<string, StoredPrices>> {
  const rows = await db
    .select({
      sessionId: sessionPrice.eventSessionId,
      typeId: sessionPrice.ticketTypeId,
      amount: sessionPrice.amount,
    })
    .from(sessionPrice)
    .innerJoin(eventSession, eq(eventSession.id, sessionPrice.eventSessionId))
    .where(eq(eventSession.sellerId, sellerId));
  const out = new Map<string, StoredPrices>();
  for (const row of rows)
    out.set(row.sessionId, { ...out.get(row.sessionId), [row.typeId]: row.amount });
  return out;
}

/**
 * Makes these sessions' prices exactly the given ones (inside the caller's transaction): their
 * rows go, the new ones come in one JSON parameter per statement, as the sessions do.
 */
export async function writeSessionPrices(
  tx: Executor,
  sessions: { id: string; prices: StoredPrices }[],
  replace: boolean,
): Promise<void> {
  const ids = sessions.map((s) => s.id);
  for (let i = 0; replace && i < ids.length; i += 5000) {
    await tx
      .delete(sessionPrice)
      .where(inArray(sessionPrice.eventSessionId, ids.slice(i, i + 5000)));
  }
  const rows = sessions.flatMap((s) =>
    Object.entries(s.prices).map(([typeId, amount]) => ({ s: s.id, t: typeId, amount })),
  );
  for (let i = 0; i < rows.length; i += 5000) {
    await tx.execute(sql`
      insert into session_price (event_session_id, ticket_type_id, amount)
      select s, t, amount
      from jsonb_to_recordset(${JSON.stringify(rows.slice(i, i + 5000))}::jsonb)
        as r(s uuid, t uuid, amount int)`);
  }
}
