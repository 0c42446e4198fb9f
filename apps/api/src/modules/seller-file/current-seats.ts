import { asc, eq, inArray } from 'drizzle-orm';
import { round2 } from '@admit/contracts/seller-file/seat-layouts';
import { seatLayout, seatTemplate, seatTemplateGroup } from '@/db/schema/seats';
import type { Executor } from '@/db/transaction';
import type { AnyRow, Row } from './rows';

type Put = (
  table: 'seat_layout' | 'seat_template',
  identity: string,
  row: AnyRow,
  label: string,
  group?: string,
) => Row;

/**
 * Reads a seller's seat layouts and seats into the current state (current.ts): layouts by key,
 * seats by `layout/section/row/seat`, each seat with its `groups` (sorted ids) as a value.
 * Coordinates are stored as `real`: read back to two decimals, as the file writes them.
 */
export async function readCurrentSeats(db: Executor, sellerId: string, put: Put): Promise<void> {
  const layouts = await db.select().from(seatLayout).where(eq(seatLayout.sellerId, sellerId));
  if (layouts.length === 0) return;
  const keyOf = new Map<string, string>();
  for (const layout of layouts) {
    keyOf.set(layout.id, layout.key);
    put(
      'seat_layout',
      layout.key,
      { ...layout, width: round2(layout.width), height: round2(layout.height) },
      `seat layout ${layout.key}`,
    );
  }
  const ids = layouts.map((l) => l.id);
  const seats = await db
    .select()
    .from(seatTemplate)
    .where(inArray(seatTemplate.seatLayoutId, ids))
    .orderBy(asc(seatTemplate.sort));
  const links = await db
    .select({ seat: seatTemplateGroup.seatTemplateId, group: seatTemplateGroup.ticketGroupId })
    .from(seatTemplateGroup)
    .innerJoin(seatTemplate, eq(seatTemplate.id, seatTemplateGroup.seatTemplateId))
    .where(inArray(seatTemplate.seatLayoutId, ids));
  const groupsOf = new Map<string, string[]>();
  for (const link of links) {
    if (!groupsOf.has(link.seat)) groupsOf.set(link.seat, []);
    groupsOf.get(link.seat)!.push(link.group);
  }
  for (const seat of seats) {
    const key = keyOf.get(seat.seatLayoutId)!;
    const row = put(
      'seat_template',
      `${key}/${seat.section}/${seat.row}/${seat.seat}`,
      { ...seat, x: round2(seat.x), y: round2(seat.y), r: round2(seat.r) },
      `seat ${key} ${seat.section} ${seat.row} ${seat.seat}`,
      `seat layout ${key}`,
    );
    row.values.groups = (groupsOf.get(seat.id) ?? []).sort();
  }
}
