import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { catalogKey } from '@/db/schema/catalog';
import { eventSession } from '@/db/schema/sessions';
import type { Executor } from '@/db/transaction';
import { detachDeletedLayouts, insertSeats, writeSeatGroups } from './apply-seats';
import { writeSessionPrices, type StoredPrices } from './file-session-prices';
import { isKeyed, type ImportPlan } from './plan';
import { chunked, insertSessions } from './insert-sessions';
import { TABLE_ORDER, TABLES, type Row, type TableName } from './rows';

type AnyTable = (typeof TABLES)['venue'];

const table = (name: TableName) => TABLES[name] as unknown as AnyTable;

/**
 * Writes a plan (inside the caller's transaction): inserts parents first, then updates, then
 * deletes children first; keys are stored beside the rows they name. A rule's past sessions
 * outlive it, detached (they are history, and may have tickets).
 */
export async function applyPlan(tx: Executor, plan: ImportPlan): Promise<void> {
  const byTable = (op: 'insert' | 'delete', name: TableName) =>
    plan.changes.filter((c) => c.op === op && c.row.table === name).map((c) => c.row);
  const pricesOf = (row: Row) => ({
    id: row.id,
    prices: (row.values.prices ?? {}) as StoredPrices,
  });
  const insertValues = (row: Row) => ({
    id: row.id,
    ...(row.table === 'seller' ? {} : { sellerId: plan.sellerId }),
    ...row.values,
    ...row.createOnly,
  });
  for (const name of TABLE_ORDER) {
    const rows = byTable('insert', name);
    if (name === 'event_session') {
      await insertSessions(tx, rows.map(insertValues));
      await writeSessionPrices(tx, rows.map(pricesOf), false);
      continue;
    }
    if (name === 'seat_template') {
      await insertSeats(tx, rows.map(insertValues));
      continue;
    }
    await chunked(rows, name === 'image' ? 20 : 500, (chunk) =>
      tx.insert(table(name)).values(chunk.map(insertValues) as never),
    );
  }
  const keys = plan.changes.filter((c) => c.op === 'insert' && isKeyed(c.row)).map((c) => c.row);
  await chunked(keys, 500, (chunk) =>
    tx.insert(catalogKey).values(
      chunk.map((r) => ({
        sellerId: plan.sellerId,
        kind: r.table,
        key: r.identity,
        resourceId: r.id,
      })),
    ),
  );
  const repriced: Row[] = [];
  for (const change of plan.changes) {
    if (change.op !== 'update') continue;
    const t = table(change.row.table);
    // a session's `prices` are rows of session_price, not a column (file-session-prices.ts)
    if (change.row.table === 'event_session' && change.fields.includes('prices')) {
      repriced.push(change.row);
    }
    // nor are a seat's `groups` (seat_template_group, apply-seats.ts)
    const fields = change.fields.filter(
      (f) =>
        (f !== 'prices' || change.row.table !== 'event_session') &&
        (f !== 'groups' || change.row.table !== 'seat_template'),
    );
    if (fields.length === 0) continue;
    const set = Object.fromEntries(fields.map((f) => [f, change.row.values[f]]));
    await tx
      .update(t)
      .set(set as never)
      .where(eq(t.id, change.row.id));
  }
  await writeSessionPrices(tx, repriced.map(pricesOf), true);
  await writeSeatGroups(tx, plan);
  await detachDeletedLayouts(tx, plan);
  const rules = byTable('delete', 'session_rule').map((r) => r.id);
  if (rules.length > 0) {
    await tx
      .update(eventSession)
      .set({ sessionRuleId: null })
      .where(and(isNotNull(eventSession.sessionRuleId), inArray(eventSession.sessionRuleId, rules)))
      .then(() => undefined);
  }
  for (const name of [...TABLE_ORDER].reverse()) {
    const ids = byTable('delete', name).map((r) => r.id);
    if (ids.length === 0) continue;
    const t = table(name);
    await chunked(ids, 500, (chunk) => tx.delete(t).where(inArray(t.id, chunk)));
    await chunked(ids, 500, (chunk) =>
      tx
        .delete(catalogKey)
        .where(and(eq(catalogKey.kind, name), inArray(catalogKey.resourceId, chunk))),
    );
  }
}
