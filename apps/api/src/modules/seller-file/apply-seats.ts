import { and, inArray, isNotNull, sql } from 'drizzle-orm';
import { seatTemplateGroup } from '@/db/schema/seats';
import { eventSession } from '@/db/schema/sessions';
import type { Executor } from '@/db/transaction';
import type { ImportPlan } from './plan';

async function chunked<T>(rows: T[], size: number, write: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await write(rows.slice(i, i + size));
}

/**
 * Seats come by the thousand (a 5,000-seat arena): one JSON parameter per statement, as
 * sessions are written (apply.ts), keeps the demo seed fast.
 */
export async function insertSeats(tx: Executor, rows: Record<string, unknown>[]) {
  await chunked(rows, 5000, (chunk) =>
    tx.execute(sql`
      insert into seat_template
        (id, seat_layout_id, section, "row", seat, zone, x, y, r, sort, blocked, accessibility,
         companion_of, previous_id, next_id)
      select id, "seatLayoutId", section, "row", seat, zone, x, y, r, sort, blocked,
        accessibility, "companionOf", "previousId", "nextId"
      from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as s(
        id uuid, "seatLayoutId" uuid, section text, "row" text, seat text, zone text, x real,
        y real, r real, sort int, blocked boolean, accessibility text, "companionOf" uuid,
        "previousId" uuid, "nextId" uuid)`),
  );
}

/**
 * Writes the seats' ticket groups (decision 0052): a new seat's links, and a changed seat's
 * replaced. Runs after every insert, so the groups and seats it links exist.
 */
export async function writeSeatGroups(tx: Executor, plan: ImportPlan): Promise<void> {
  const changed = plan.changes.filter(
    (c) =>
      c.row.table === 'seat_template' &&
      (c.op === 'insert' || (c.op === 'update' && c.fields.includes('groups'))),
  );
  const replaced = changed.filter((c) => c.op === 'update').map((c) => c.row.id);
  await chunked(replaced, 1000, (ids) =>
    tx.delete(seatTemplateGroup).where(inArray(seatTemplateGroup.seatTemplateId, ids)),
  );
  const links = changed.flatMap((c) =>
    ((c.row.values.groups ?? []) as string[]).map((ticketGroupId) => ({
      seatTemplateId: c.row.id,
      ticketGroupId,
    })),
  );
  await chunked(links, 10_000, (chunk) =>
    tx.execute(sql`
      insert into seat_template_group (seat_template_id, ticket_group_id)
      select "seatTemplateId", "ticketGroupId"
      from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as l(
        "seatTemplateId" uuid, "ticketGroupId" uuid)`),
  );
}

/**
 * Sessions the file no longer lists (a rule's past ones) let go of a layout about to be deleted;
 * the plan has refused it if any of them has a live seat ticket.
 */
export async function detachDeletedLayouts(tx: Executor, plan: ImportPlan): Promise<void> {
  const ids = plan.changes
    .filter((c) => c.op === 'delete' && c.row.table === 'seat_layout')
    .map((c) => c.row.id);
  if (ids.length === 0) return;
  await tx
    .update(eventSession)
    .set({ seatLayoutId: null })
    .where(and(isNotNull(eventSession.seatLayoutId), inArray(eventSession.seatLayoutId, ids)));
}
