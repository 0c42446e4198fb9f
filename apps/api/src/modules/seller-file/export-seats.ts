import { asc, eq, inArray } from 'drizzle-orm';
import {
  DEFAULT_SEAT_RADIUS,
  round2,
  type FileSeatLayout,
  type FileSeatRow,
  type FileSeatSection,
} from '@admit/contracts/seller-file/seat-layouts';
import { seatLayout, seatTemplate } from '@/db/schema/seats';
import type { Executor } from '@/db/transaction';
import { compact } from './export-values';

type SeatRow = typeof seatTemplate.$inferSelect;
type LayoutRow = typeof seatLayout.$inferSelect;

/** The seller's layouts as the export reads them: each venue's, and each layout's key and size. */
export interface ExportedSeats {
  layoutsOf: (venueId: string) => FileSeatLayout[];
  keyOf: (layoutId: string | null) => string | undefined;
  /** seats not blocked: a session with this capacity leaves it out (the import's default) */
  sellableOf: (layoutId: string | null) => number | undefined;
}

/** The most frequent value (the first seen on a tie). */
function mode<T>(values: T[]): T {
  const counts = new Map<T, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  let best = values[0] as T;
  for (const [v, n] of counts) if (n > counts.get(best)!) best = v;
  return best;
}

/** A seat name as YAML writes it: a number where the name is one. */
const nameOf = (seat: string) => (/^(0|[1-9]\d{0,8})$/.test(seat) ? Number(seat) : seat);

/** `1-20`/`20-1` when the names count by one from the first; else undefined. */
function rangeOf(seats: SeatRow[]): string | undefined {
  if (!seats.every((s) => /^(0|[1-9]\d{0,3})$/.test(s.seat))) return undefined;
  const first = Number(seats[0]!.seat);
  const step = seats.length > 1 ? Number(seats[1]!.seat) - first : 1;
  if (step !== 1 && step !== -1) return undefined;
  if (!seats.every((s, i) => Number(s.seat) === first + i * step)) return undefined;
  return `${first}-${seats.at(-1)!.seat}`;
}

function fileRow(
  seats: SeatRow[],
  sectionZone: string | null,
  radius: number,
  nameById: Map<string, string>,
): FileSeatRow {
  const zone = mode(seats.map((s) => s.zone));
  const r = mode(seats.map((s) => round2(s.r)));
  const x0 = round2(seats[0]!.x);
  const y0 = round2(seats[0]!.y);
  const dx = seats.length > 1 ? round2(seats[1]!.x - seats[0]!.x) : 0;
  const dy = seats.length > 1 ? round2(seats[1]!.y - seats[0]!.y) : 0;
  const range = rangeOf(seats);
  const even =
    range !== undefined &&
    seats.every(
      (s, i) =>
        round2(s.x) === round2(x0 + i * dx) &&
        round2(s.y) === round2(y0 + i * dy) &&
        round2(s.r) === r &&
        s.zone === zone,
    );
  const marked = (test: (s: SeatRow) => boolean) => {
    const names = seats.filter(test).map((s) => nameOf(s.seat));
    return names.length > 0 ? names : undefined;
  };
  const companions = seats.filter((s) => s.companionOf !== null);
  return compact({
    row: seats[0]!.row,
    seats: even
      ? range
      : seats.map((s) =>
          compact({
            seat: nameOf(s.seat),
            x: round2(s.x),
            y: round2(s.y),
            r: round2(s.r) === r ? undefined : round2(s.r),
            zone: s.zone === zone ? undefined : (s.zone ?? undefined),
          }),
        ),
    x: even ? x0 : undefined,
    y: even ? y0 : undefined,
    dx: even && dx !== 0 ? dx : undefined,
    dy: even && dy !== 0 ? dy : undefined,
    r: r === radius ? undefined : r,
    zone: zone === sectionZone ? undefined : (zone ?? undefined),
    blocked: marked((s) => s.blocked),
    wheelchair: marked((s) => s.accessibility === 'wheelchair'),
    companions: companions.length
      ? Object.fromEntries(
          companions.map((s) => [s.seat, nameOf(nameById.get(s.companionOf!) ?? '')]),
        )
      : undefined,
  }) as FileSeatRow;
}

/** A layout's seats back in the compact form (sections and rows in reading order). */
function fileLayout(layout: LayoutRow, seats: SeatRow[]): FileSeatLayout {
  const radius = mode(seats.map((s) => round2(s.r)));
  const nameById = new Map(seats.map((s) => [s.id, s.seat]));
  const sections = new Map<string, Map<string, SeatRow[]>>();
  for (const seat of seats) {
    if (!sections.has(seat.section)) sections.set(seat.section, new Map());
    const rows = sections.get(seat.section)!;
    if (!rows.has(seat.row)) rows.set(seat.row, []);
    rows.get(seat.row)!.push(seat);
  }
  const labels = new Map(layout.sections.map((s) => [s.name, s]));
  const zones = [...new Set(seats.flatMap((s) => (s.zone === null ? [] : [s.zone])))];
  return compact({
    key: layout.key,
    name: layout.name,
    width: round2(layout.width),
    height: round2(layout.height),
    seat_radius: radius === DEFAULT_SEAT_RADIUS ? undefined : radius,
    zones,
    background: layout.otherElements ?? undefined,
    sections: [...sections].map(([name, rows]): FileSeatSection => {
      const zone = mode([...rows.values()].flat().map((s) => s.zone));
      const label = labels.get(name);
      return compact({
        name,
        label: label && { x: label.x, y: label.y },
        zone: zone ?? undefined,
        rows: [...rows.values()].map((row) => fileRow(row, zone, radius, nameById)),
      });
    }),
  }) as FileSeatLayout;
}

/** Reads a seller's layouts and seats once, for the venues and sessions of the export. */
export async function readSeatLayouts(db: Executor, sellerId: string): Promise<ExportedSeats> {
  const layouts = await db
    .select()
    .from(seatLayout)
    .where(eq(seatLayout.sellerId, sellerId))
    .orderBy(asc(seatLayout.key));
  const seats =
    layouts.length === 0
      ? []
      : await db
          .select()
          .from(seatTemplate)
          .where(
            inArray(
              seatTemplate.seatLayoutId,
              layouts.map((l) => l.id),
            ),
          )
          .orderBy(asc(seatTemplate.seatLayoutId), asc(seatTemplate.sort));
  const seatsOf = new Map<string, SeatRow[]>();
  for (const seat of seats) {
    if (!seatsOf.has(seat.seatLayoutId)) seatsOf.set(seat.seatLayoutId, []);
    seatsOf.get(seat.seatLayoutId)!.push(seat);
  }
  const byId = new Map(layouts.map((l) => [l.id, l]));
  return {
    layoutsOf: (venueId) =>
      layouts
        .filter((l) => l.venueId === venueId && seatsOf.has(l.id))
        .map((l) => fileLayout(l, seatsOf.get(l.id)!)),
    keyOf: (id) => (id === null ? undefined : byId.get(id)?.key),
    sellableOf: (id) =>
      id === null ? undefined : (seatsOf.get(id) ?? []).filter((s) => !s.blocked).length,
  };
}
