import { and, count, inArray, notInArray, sql } from 'drizzle-orm';
import { ticket } from '@/db/schema/cart';
import { seatTemplate } from '@/db/schema/seats';
import type { Executor } from '@/db/transaction';
import type { Change } from './plan';

/** What a seat may not lose while a live ticket holds a seat of its layout. */
const DESTRUCTIVE = [
  'seatLayoutId',
  'section',
  'row',
  'seat',
  'zone',
  'blocked',
  'accessibility',
  'companionOf',
];
const FREED = ['cancelled', 'unbooked'];

/** Live seat tickets (held or booked) by the layout of their seat. */
async function liveSeatTickets(db: Executor, layoutIds: string[]): Promise<Map<string, number>> {
  if (layoutIds.length === 0) return new Map();
  const rows = await db
    .select({ layout: seatTemplate.seatLayoutId, n: count() })
    .from(ticket)
    .innerJoin(seatTemplate, sql`${ticket.seatTemplateId} = cast(${seatTemplate.id} as text)`)
    .where(and(inArray(seatTemplate.seatLayoutId, layoutIds), notInArray(ticket.state, FREED)))
    .groupBy(seatTemplate.seatLayoutId);
  return new Map(rows.map((r) => [r.layout, r.n]));
}

/** Live seat tickets by session, for the sessions given. */
async function liveSessionSeats(db: Executor, sessionIds: string[]): Promise<Map<string, number>> {
  if (sessionIds.length === 0) return new Map();
  const rows = await db
    .select({ session: ticket.eventSessionId, n: count() })
    .from(ticket)
    .where(
      and(
        inArray(ticket.eventSessionId, sessionIds),
        sql`${ticket.seatTemplateId} is not null`,
        notInArray(ticket.state, FREED),
      ),
    )
    .groupBy(ticket.eventSessionId);
  return new Map(rows.flatMap((r) => (r.session ? [[r.session, r.n] as const] : [])));
}

/**
 * The import's refusals for seats (decision 0052): a layout with live seat tickets keeps every
 * seat, its name, zone, block, accessibility and groups (adding seats, moving them, the
 * background and labels may change), and a session with live seat tickets keeps its layout.
 */
export async function seatRefusals(db: Executor, changes: Change[]): Promise<string[]> {
  const touched = new Map<string, { label: string; seats: string[] }>();
  const note = (layoutId: unknown, label: string, seat: string) => {
    const id = String(layoutId);
    if (!touched.has(id)) touched.set(id, { label, seats: [] });
    touched.get(id)!.seats.push(seat);
  };
  const layoutLabel = (row: Change['row']) => row.group ?? 'seat layout';
  for (const change of changes) {
    const { row } = change;
    if (row.table === 'seat_layout' && change.op === 'delete') note(row.id, row.label, 'all');
    if (row.table !== 'seat_template') continue;
    const seat = row.label.replace(/^seat \S+ /, '');
    if (change.op === 'delete') note(row.values.seatLayoutId, layoutLabel(row), `${seat} removed`);
    if (change.op !== 'update') continue;
    const before = change.before;
    const lostGroups = ((before.values.groups ?? []) as string[]).some(
      (g) => !((row.values.groups ?? []) as string[]).includes(g),
    );
    const fields = change.fields.filter((f) => DESTRUCTIVE.includes(f));
    if (lostGroups) fields.push('groups');
    if (fields.length > 0) {
      note(before.values.seatLayoutId, layoutLabel(before), `${seat} (${fields.join(', ')})`);
    }
  }
  const live = await liveSeatTickets(db, [...touched.keys()]);
  const refusals = [...touched].flatMap(([id, { label, seats }]) => {
    const n = live.get(id) ?? 0;
    if (n === 0) return [];
    const shown = seats.length > 5 ? [...seats.slice(0, 5), `${seats.length - 5} more`] : seats;
    return [
      `${label} has ${n} live seat ticket${n === 1 ? '' : 's'} (held or booked): its seats cannot be removed or renamed, nor their zones, blocks or accessibility changed (${shown.join('; ')}); add seats, or move seats and the background, instead.`,
    ];
  });
  const moved = changes.filter(
    (c): c is Extract<Change, { op: 'update' }> =>
      c.op === 'update' &&
      c.row.table === 'event_session' &&
      c.fields.includes('seatLayoutId') &&
      c.before.values.seatLayoutId !== null,
  );
  const seated = await liveSessionSeats(
    db,
    moved.map((c) => c.row.id),
  );
  for (const change of moved) {
    const n = seated.get(change.row.id) ?? 0;
    if (n > 0) {
      refusals.push(
        `${change.row.label} has ${n} live seat ticket${n === 1 ? '' : 's'}: it cannot change its seat layout.`,
      );
    }
  }
  return refusals;
}
