import { and, inArray, isNotNull } from 'drizzle-orm';
import { seatTemplateGroup } from '@/db/schema/seats';
import { eventSession } from '@/db/schema/sessions';
import type { Executor } from '@/db/transaction';
import type { ImportPlan } from './plan';

async function chunked<T>(rows: T[], size: number, write: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await write(rows.slice(i, i + size));
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
  await chunked(links, 2000, (chunk) => tx.insert(seatTemplateGroup).values(chunk));
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
