import { and, count, gt, inArray, or } from 'drizzle-orm';
import type { SellerFile } from '@admit/contracts/seller-file/seller-file';
import { ticket } from '@/db/schema/cart';
import { cartCode, code } from '@/db/schema/codes';
import { membership } from '@/db/schema/memberships';
import type { Executor } from '@/db/transaction';
import { readCurrentState } from './current';
import { sessionsOfEvents } from './current-sessions';
import { desiredRows, type DesiredOptions } from './desired';
import { seatRefusals } from './plan-seats';
import { changedFields, KEYED_TABLES, TABLE_ORDER, type Row, type TableName } from './rows';

/** One change an import makes. */
export type Change =
  | { op: 'insert'; row: Row }
  | { op: 'update'; row: Row; before: Row; fields: string[] }
  | { op: 'delete'; row: Row };

/** What importing a file would do, and what it refuses to do (decision 0041). */
export interface ImportPlan {
  slug: string;
  sellerId: string;
  changes: Change[];
  /** destructive changes that would lose sales: the import stops and says how to close instead */
  refusals: string[];
}

const HOW_TO_CLOSE: Partial<Record<TableName, string>> = {
  event_session:
    'keep it in the file (as a one-off session with closed: true if its rule no longer makes it) to stop its sales',
  ticket_type: 'keep it in the file with available: false to stop selling it',
  ticket_group: 'keep it in the file with a sales_end in the past to close its sales',
  event_template:
    'keep it in the file and close its ticket groups (sales_end) or types (available: false)',
  code: 'keep it in the file with a valid_to in the past to end it',
  membership_role: 'keep the level in its program',
  membership_program: 'keep the program and its levels',
};

/** Rows with sales or members behind them, by id: how many tickets, uses or members each has. */
async function soldCounts(db: Executor, deletes: Row[]): Promise<Map<string, number>> {
  const ids = (table: TableName) => deletes.filter((r) => r.table === table).map((r) => r.id);
  const counts = new Map<string, number>();
  const tally = (rows: { id: string | null; n: number }[]) => {
    for (const r of rows) if (r.id) counts.set(r.id, (counts.get(r.id) ?? 0) + r.n);
  };
  const byColumn = async (
    table: TableName,
    column:
      | typeof ticket.eventSessionId
      | typeof ticket.ticketTypeId
      | typeof ticket.ticketGroupId
      | typeof ticket.eventTemplateId,
  ) => {
    const list = ids(table);
    if (list.length === 0) return;
    tally(
      await db
        .select({ id: column, n: count() })
        .from(ticket)
        .where(inArray(column, list))
        .groupBy(column),
    );
  };
  await byColumn('event_session', ticket.eventSessionId);
  await byColumn('ticket_type', ticket.ticketTypeId);
  await byColumn('ticket_group', ticket.ticketGroupId);
  await byColumn('event_template', ticket.eventTemplateId);
  const codes = ids('code');
  if (codes.length > 0) {
    tally(
      await db
        .select({ id: cartCode.codeId, n: count() })
        .from(cartCode)
        .where(inArray(cartCode.codeId, codes))
        .groupBy(cartCode.codeId),
    );
    tally(
      await db
        .select({ id: code.id, n: code.usedCount })
        .from(code)
        .where(and(inArray(code.id, codes), gt(code.usedCount, 0))),
    );
  }
  const roles = ids('membership_role');
  const programs = ids('membership_program');
  if (roles.length + programs.length > 0) {
    const members = await db
      .select({ role: membership.roleId, program: membership.membershipProgramId })
      .from(membership)
      .where(
        or(
          roles.length > 0 ? inArray(membership.roleId, roles) : undefined,
          programs.length > 0 ? inArray(membership.membershipProgramId, programs) : undefined,
        ),
      );
    tally(
      members.flatMap((m) => [
        { id: m.role, n: 1 },
        { id: m.program, n: 1 },
      ]),
    );
  }
  return counts;
}

const WHAT: Partial<Record<TableName, string>> = {
  code: 'was used',
  membership_role: 'has members',
  membership_program: 'has members',
};

/**
 * Plans the import of a file: reads what the database has for the seller, builds what the file
 * wants, and compares. Gift cards left out of the file are voided, not deleted; pictures are
 * never deleted (mails and caches keep their addresses).
 */
export async function planImport(
  db: Executor,
  file: SellerFile,
  options: DesiredOptions,
): Promise<ImportPlan> {
  const current = await readCurrentState(db, file.seller.slug, options.now);
  const desired = desiredRows(file, current, options);
  const sellerId = desired.find((r) => r.table === 'seller')!.id;
  const changes: Change[] = [];
  const wanted = new Set<string>();
  for (const row of desired) {
    wanted.add(`${row.table}:${row.identity}`);
    const before = current.rows.get(row.table)?.get(row.identity);
    if (!before) {
      changes.push({ op: 'insert', row });
      continue;
    }
    const fields = changedFields(row, before);
    if (fields.length > 0) changes.push({ op: 'update', row, before, fields });
  }
  const deletes: Row[] = [];
  for (const table of TABLE_ORDER) {
    for (const row of current.rows.get(table)?.values() ?? []) {
      if (wanted.has(`${table}:${row.identity}`) || table === 'seller' || table === 'image') {
        continue;
      }
      if (table === 'ledger_card') {
        if (row.values.state !== 'void') {
          const voided = { ...row, values: { ...row.values, state: 'void' } };
          changes.push({ op: 'update', row: voided, before: row, fields: ['state'] });
        }
        continue;
      }
      deletes.push(row);
    }
  }
  // the sessions of a deleted event go with it, whoever made them
  const goneEvents = deletes.filter((r) => r.table === 'event_template').map((r) => r.id);
  const listed = new Set(deletes.map((r) => r.id));
  for (const s of await sessionsOfEvents(db, goneEvents)) {
    if (!listed.has(s.id)) {
      deletes.push({
        table: 'event_session',
        identity: s.id,
        id: s.id,
        label: `session ${s.id}`,
        values: {},
      });
    }
  }
  const sold = await soldCounts(db, deletes);
  const refusals = deletes.flatMap((row) => {
    const n = sold.get(row.id) ?? 0;
    if (n === 0) return [];
    const what = WHAT[row.table] ?? `has ${n} ticket${n === 1 ? '' : 's'}`;
    return [
      `${row.label} ${what}: it cannot be removed; ${HOW_TO_CLOSE[row.table] ?? 'keep it in the file'}.`,
    ];
  });
  for (const row of deletes) changes.push({ op: 'delete', row });
  refusals.push(...(await seatRefusals(db, changes)));
  return { slug: file.seller.slug, sellerId, changes, refusals };
}

/** Whether a row's key is stored in `catalog_key`. */
export const isKeyed = (row: Row) => KEYED_TABLES.has(row.table) && !row.identity.includes('@');

/** The plan for people: one line per change, a rule's sessions summed up per rule. */
export function describePlan(plan: ImportPlan): string[] {
  const lines: string[] = [];
  const sessions = new Map<
    string,
    { insert: number; update: number; delete: number; dates: string[] }
  >();
  // a layout's seats come by the hundred: counted per layout
  const seats = new Map<string, { insert: number; update: number; delete: number }>();
  for (const change of plan.changes) {
    const { row } = change;
    if (row.table === 'seat_template') {
      const s = seats.get(row.group!) ?? { insert: 0, update: 0, delete: 0 };
      s[change.op] += 1;
      seats.set(row.group!, s);
      continue;
    }
    if (row.table === 'event_session' && row.group !== undefined) {
      const s = sessions.get(row.group) ?? { insert: 0, update: 0, delete: 0, dates: [] };
      s[change.op] += 1;
      s.dates.push(row.label.split(' ').slice(-2, -1)[0]!);
      sessions.set(row.group, s);
      continue;
    }
    if (change.op === 'insert') lines.push(`+ ${row.label}`);
    else if (change.op === 'delete') lines.push(`- ${row.label}`);
    else {
      const fields = change.fields.map((f) => (f === 'bytes' ? 'picture' : f)).join(', ');
      lines.push(`~ ${row.label}: ${fields}`);
    }
  }
  for (const [rule, s] of sessions) {
    const dates = s.dates.sort();
    const span = `${dates[0]} … ${dates.at(-1)}`;
    if (s.insert) lines.push(`+ ${s.insert} sessions of ${rule} (${span})`);
    if (s.update) lines.push(`~ ${s.update} sessions of ${rule}`);
    if (s.delete) lines.push(`- ${s.delete} sessions of ${rule}`);
  }
  for (const [layout, s] of seats) {
    if (s.insert) lines.push(`+ ${s.insert} seats of ${layout}`);
    if (s.update) lines.push(`~ ${s.update} seats of ${layout}`);
    if (s.delete) lines.push(`- ${s.delete} seats of ${layout}`);
  }
  return lines;
}
