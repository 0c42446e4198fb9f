import { toCollection } from '@admit/contracts/envelope';
import type { Seat, SeatMapResponse } from '@admit/contracts/seat-map';
import type { Db } from '@/db/connection';
import { notFound } from '@/http/app-error';
import { isUuid } from '@/http/query-values';
import type { AvailabilityRequest } from '@/modules/availability/request';
import { groupsOnSale, loadScope, type AvailabilityScope } from '@/modules/availability/scope';
import { sellableGroups } from '@/modules/availability/session-fit-sql';
import { groupHasRoomAt } from '@/modules/availability/status-rules';
import { selectSessionWithLayout, selectTakenSeatIds, type LayoutSeat } from './repo';

/**
 * GET events/{e}/sessions/{s}/seat_map (shopping §3 "Seat map", §7; decision 0052): the
 * session's layout and every seat with its state, from two reads — the seats with their groups,
 * and the seats live tickets hold. A seat is `booked` when a live ticket holds it, `unavailable`
 * when blocked or when none of its groups can sell a ticket at the session now (the
 * availability rules: on sale, an available type, room in the group and the session), else
 * `available`.
 */

type SessionRow = NonNullable<Awaited<ReturnType<typeof selectSessionWithLayout>>>['session'];

/** The groups that can sell one more ticket at this session now (availability's rules). */
function openGroupIds(scope: AvailabilityScope, session: SessionRow, now: Date): Set<string> {
  if (session.startDatetime.getTime() <= now.getTime()) return new Set();
  const onSale = groupsOnSale(scope, now);
  const onSaleTypes = scope.types.filter((t) => t.available);
  return new Set(
    sellableGroups({ onSale, onSaleTypes, now })
      .filter((g) => groupHasRoomAt(g, session))
      .map((g) => g.id),
  );
}

/**
 * Coordinates are stored as `real` and written with at most two decimals (the seller file's
 * rule); rounding on the way out keeps float4 noise (262.49998) off the wire.
 */
const mapUnits = (value: number) => Math.round(value * 100) / 100;

/**
 * Where each section's label goes: the layout's own positions (the seller file's `label`),
 * else centred above the section's seats (map units).
 */
function sectionLabels(
  placed: readonly { name: string; x: number; y: number }[],
  seats: LayoutSeat[],
) {
  if (placed.length > 0)
    return placed.map(({ name, x, y }) => ({ name, x: mapUnits(x), y: mapUnits(y) }));
  const boxes = new Map<string, { minX: number; maxX: number; minY: number; r: number }>();
  for (const s of seats) {
    const box = boxes.get(s.section);
    if (!box) boxes.set(s.section, { minX: s.x, maxX: s.x, minY: s.y, r: s.r });
    else {
      box.minX = Math.min(box.minX, s.x);
      box.maxX = Math.max(box.maxX, s.x);
      box.minY = Math.min(box.minY, s.y);
      box.r = Math.max(box.r, s.r);
    }
  }
  return [...boxes].map(([name, box]) => ({
    name,
    x: mapUnits((box.minX + box.maxX) / 2),
    y: mapUnits(box.minY - 3 * box.r),
  }));
}

/** The session's seat map; 404 for an unknown event or session, or a session with no layout. */
export async function sessionSeatMap(
  db: Db,
  layoutSeats: (layoutId: string) => Promise<LayoutSeat[]>,
  request: AvailabilityRequest,
  eventId: string,
  sessionId: string,
  withGeometry: boolean,
): Promise<SeatMapResponse> {
  const scope = await loadScope(db, request, eventId);
  if (!isUuid(sessionId)) throw notFound('event_session', 'Session');
  const found = await selectSessionWithLayout(db, scope.event.id, sessionId);
  if (!found) throw notFound('event_session', 'Session');
  const { session, layout } = found;
  if (!layout) throw notFound('seat_map', 'Seat map');
  const [rows, taken] = await Promise.all([
    layoutSeats(layout.id),
    selectTakenSeatIds(db, session.id),
  ]);
  const booked = new Set(taken);
  const open = openGroupIds(scope, session, request.now);
  const seats = rows.map((seat): Seat => {
    const { groups } = seat;
    // only the groups the visitor may see are named (a members-only zone stays hidden)
    const groupIds = (groups ?? '').split(',').filter((id) => scope.groupById.has(id));
    const state = booked.has(seat.id)
      ? 'booked'
      : seat.blocked || !groupIds.some((id) => open.has(id))
        ? 'unavailable'
        : 'available';
    return {
      id: seat.id,
      seat_template_id: seat.id,
      seat: seat.seat,
      row: seat.row,
      section: seat.section,
      x: mapUnits(seat.x),
      y: mapUnits(seat.y),
      r: mapUnits(seat.r),
      state,
      ticket_groups: groupIds.join(','),
      previous: seat.previousId,
      next: seat.nextId,
      accessibility:
        seat.accessibility === 'wheelchair' || seat.accessibility === 'companion'
          ? seat.accessibility
          : null,
      companion_of: seat.companionOf,
    };
  });
  const map = {
    id: layout.id,
    event_session_id: session.id,
    name: layout.name,
    width: layout.width,
    height: layout.height,
    ...(withGeometry
      ? {
          other_elements: layout.otherElements ?? '',
          map_geometry: { sections: sectionLabels(layout.sections, rows) },
        }
      : {}),
  };
  return { seat_map: toCollection([map]), seat: toCollection(seats) };
}
