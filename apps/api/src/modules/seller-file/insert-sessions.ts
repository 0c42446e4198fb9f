import { sql } from 'drizzle-orm';
import type { Executor } from '@/db/transaction';

/*
 * Apart from apply.ts: the session roll job (roll.ts) inserts sessions at every start, and
 * apply.ts's import loads the whole import (plan, desired rows, the SVG sanitiser), which a
 * server that takes no import does not hold (decision 0102).
 */

/** Writes `rows` `size` at a time. */
export async function chunked<T>(rows: T[], size: number, write: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await write(rows.slice(i, i + size));
}

/**
 * Sessions come by the thousand (a rule lays out months): one JSON parameter per statement
 * instead of eight per row keeps an import of a year of opening hours under a second.
 */
export async function insertSessions(tx: Executor, rows: Record<string, unknown>[]) {
  await chunked(rows, 5000, (chunk) =>
    tx.execute(sql`
      insert into event_session
        (id, seller_id, event_template_id, session_rule_id, start_datetime, end_datetime,
         capacity, sold_out, seat_layout_id)
      select id, "sellerId", "eventTemplateId", "sessionRuleId", "startDatetime", "endDatetime",
        capacity, "soldOut", "seatLayoutId"
      from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as r(
        id uuid, "sellerId" uuid, "eventTemplateId" uuid, "sessionRuleId" uuid,
        "startDatetime" timestamptz, "endDatetime" timestamptz, capacity int, "soldOut" boolean,
        "seatLayoutId" uuid)`),
  );
}
