import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@/db/transaction';
import { ticket, type NewTicket, type TicketRow } from '@/db/schema/cart';
import { columnNames, columnsOf, recordDefinition, recordOf } from '@/db/table-columns';

/**
 * The one statement of a hold (issue "Holds"; bench/RESULTS.md): a data-modifying CTE takes
 * every counter with its conditional UPDATE and inserts the tickets only when ALL of them
 * matched. Every UPDATE of the CTE runs even when another one matches no row, so a refusal is
 * reported back (`refused`) and the caller must roll the transaction back. One round trip
 * instead of one per ticket insert and per counter: under a rush the round trips, not the row
 * lock, are what the server spends its time on.
 */

export interface CounterTake {
  table: 'event_session' | 'ticket_group';
  id: string;
  quantity: number;
}

export interface HoldStatementResult {
  /** the tickets as stored (empty when a counter refused) */
  tickets: TicketRow[];
  /** used_capacity after the update, per counter id, for the counters that took the places */
  used: Map<string, number>;
  /** the first counter (in the given order) that refused, or null */
  refused: CounterTake | null;
}

// every ticket column but created_at (the database stamps it; the statement returns it), read
// from the schema: a new column is written too, and `toStored` must give it a value
const COLUMNS = columnsOf(ticket, ['createdAt']);

export type StoredTicket = Omit<TicketRow, 'createdAt'>;

export function toStored(values: NewTicket): StoredTicket {
  return {
    id: values.id ?? randomUUID(),
    cartId: values.cartId,
    // a held ticket belongs to no order yet
    ticketOrderId: null,
    ticketTypeId: values.ticketTypeId,
    ticketGroupId: values.ticketGroupId,
    eventTemplateId: values.eventTemplateId,
    eventSessionId: values.eventSessionId ?? null,
    state: values.state,
    admitName: values.admitName ?? null,
    admitEmail: values.admitEmail ?? null,
    additionalInfo: values.additionalInfo ?? null,
    faceValue: values.faceValue,
    adjustedValue: values.adjustedValue,
    validFrom: values.validFrom ?? null,
    validTo: values.validTo ?? null,
    seatTemplateId: values.seatTemplateId ?? null,
    partyRole: values.partyRole ?? null,
    holdsSessionCapacity: values.holdsSessionCapacity ?? false,
    holdsGroupCapacity: values.holdsGroupCapacity ?? false,
    // a held ticket has no scan code, is not redeemed and is priced live: all come with the order
    scanCode: null,
    feeFixedOutside: null,
    feePercentOutside: null,
    redeemedAt: null,
    redeemedByApiKeyId: null,
  };
}

// every value is cast in SQL, so the VALUES rows have the columns' types; PGlite serialises a
// parameter by that type (booleans and numbers as themselves), dates and JSON go as text
export function bind(value: unknown, type: string): SQL {
  if (value === null || value === undefined) return sql.raw(`null::${type}`);
  if (value instanceof Date) return sql`${value.toISOString()}::timestamptz`;
  if (type === 'jsonb') return sql`${JSON.stringify(value)}::jsonb`;
  return sql`${value}::${sql.raw(type)}`;
}

/** The conditional UPDATE of one counter (shopping §5 availability in SQL): no row when refused. */
export const counterUpdate = (take: CounterTake) => {
  const table = sql.raw(take.table);
  const n = sql`${take.quantity}::integer`;
  return sql`update ${table} set used_capacity = used_capacity + ${n}
    where id = ${take.id}::uuid and not sold_out
      and (capacity = -1 or used_capacity + ${n} <= capacity + oversell_capacity)
    returning id, used_capacity`;
};

/** The tickets as a `VALUES` list, each value cast to its column's type, and the column names. */
function ticketValues(stored: StoredTicket[]) {
  const rows = sql.join(
    stored.map(
      (t) =>
        sql`(${sql.join(
          COLUMNS.map(({ key, type }) => bind(t[key], type)),
          sql`, `,
        )})`,
    ),
    sql`, `,
  );
  return { rows, names: columnNames(COLUMNS) };
}

/**
 * The tickets as ONE jsonb parameter for `jsonb_to_recordset`, with the record definition and
 * the column names in the same order. A batch of hundreds of tickets is then one bound value,
 * not thousands of query fragments for drizzle to assemble (decision 0011).
 */
export function ticketRecordset(stored: StoredTicket[]) {
  return {
    json: JSON.stringify(stored.map((t) => recordOf(COLUMNS, t))),
    definition: recordDefinition(COLUMNS),
    names: columnNames(COLUMNS),
  };
}

/** Takes every counter and inserts the tickets in one statement (see the module comment). */
export async function holdInOneStatement(
  tx: Executor,
  values: NewTicket[],
  counters: CounterTake[],
): Promise<HoldStatementResult> {
  const stored = values.map(toStored);
  const ctes = counters.map((take, i) => sql`${sql.raw(`c${i}`)} as (${counterUpdate(take)})`);
  const taken =
    counters.length === 0
      ? sql`select null::uuid as id, null::integer as used_capacity where false`
      : sql.join(
          counters.map((_, i) => sql.raw(`select id, used_capacity from c${i}`)),
          sql` union all `,
        );
  const { rows, names } = ticketValues(stored);
  const statement = sql`with ${sql.join([...ctes, sql`taken as (${taken})`], sql`, `)},
    inserted as (
      insert into ticket (${names})
      select * from (values ${rows}) as v(${names})
      where (select count(*) from taken) = ${counters.length}::integer
      returning created_at
    )
    select t.id::text as id, t.used_capacity, i.n, i.created_ms
      from (select count(*)::integer as n,
                   floor(extract(epoch from max(created_at)) * 1000)::float8 as created_ms
              from inserted) i
      left join taken t on true`;
  const result = await tx.execute<{
    id: string | null;
    used_capacity: number | null;
    n: number;
    created_ms: number | null;
  }>(statement);
  const used = new Map<string, number>();
  for (const row of result.rows) {
    if (row.id !== null && row.used_capacity !== null) used.set(row.id, Number(row.used_capacity));
  }
  const refused = counters.find((take) => !used.has(take.id)) ?? null;
  const first = result.rows[0];
  if (refused || !first || Number(first.n) !== stored.length || first.created_ms === null) {
    return { tickets: [], used, refused };
  }
  const createdAt = new Date(Number(first.created_ms));
  return {
    tickets: stored.map((t) => ({ ...t, createdAt })),
    used,
    refused,
  };
}
