import { z } from 'zod';
import { fileList, keySchema } from './primitives';

/**
 * A venue's seat layouts in a seller file (issue 24, decision 0052 "Seller file"): sections of
 * rows of seats, written compactly — a row gives its name, its first seat's x/y, the step to the
 * next seat and a seat range (`1-20`, or `20-1` numbered right to left) — or as explicit seats
 * where a row curves. Zones are the layout's price zones: a seated ticket group names the zones
 * it sells (`seat_zones`), and a session names the layout it sells (`seat_layout`).
 */

/** The most seats one layout may hold (a 5,000-seat arena is the largest the demo has). */
export const SEAT_LAYOUT_MAX_SEATS = 20_000;

/** A coordinate in map units, two decimals at most (stored exactly enough to come back). */
const coordinate = z
  .number()
  .min(-100_000)
  .max(100_000)
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'two decimals at most');
const positive = (max: number) =>
  z
    .number()
    .gt(0)
    .max(max)
    .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'two decimals at most');
const radius = positive(1000);

/** A seat's name within its row: `12`, `A3`; YAML numbers are read as their text. */
export const seatNameSchema = z.union([
  z.string().regex(/^[A-Za-z0-9][A-Za-z0-9 ._-]{0,15}$/, 'a seat name is letters and digits'),
  z.number().int().min(0),
]);

/** `1-20` (ascending) or `20-1` (descending): the seats of a row by number. */
export const seatRangeSchema = z
  .string()
  .regex(/^\d{1,4}-\d{1,4}$/, 'a seat range is FIRST-LAST, e.g. 1-20');

const explicitSeat = z.strictObject({
  seat: seatNameSchema,
  x: coordinate,
  y: coordinate,
  /** default the row's r, else the layout's seat_radius */
  r: radius.optional(),
  /** default the row's zone */
  zone: keySchema.optional(),
});

export const fileSeatRowSchema = z
  .strictObject({
    row: z.string().min(1).max(16),
    /** a range (`1-20`) laid out from x/y by dx/dy, or the seats one by one */
    seats: z.union([seatRangeSchema, fileList(explicitSeat).min(1)]),
    /** the first seat of a range */
    x: coordinate.optional(),
    y: coordinate.optional(),
    /** the step from one seat of a range to the next (default dx: 0, dy: 0) */
    dx: coordinate.optional(),
    dy: coordinate.optional(),
    r: radius.optional(),
    /** default the section's zone */
    zone: keySchema.optional(),
    /** seats never sold (a pillar, the sound desk) */
    blocked: fileList(seatNameSchema).optional(),
    /** wheelchair spaces */
    wheelchair: fileList(seatNameSchema).optional(),
    /** companion seat → the wheelchair seat of this row it is sold with */
    companions: z.record(z.string(), seatNameSchema).optional(),
  })
  .refine((row) => typeof row.seats !== 'string' || (row.x !== undefined && row.y !== undefined), {
    message: 'a seat range needs the first seat’s x and y',
  })
  .refine(
    (row) =>
      typeof row.seats === 'string' ||
      (row.x === undefined && row.y === undefined && row.dx === undefined && row.dy === undefined),
    { message: 'x, y, dx and dy belong to a seat range; explicit seats give their own' },
  );
export type FileSeatRow = z.infer<typeof fileSeatRowSchema>;

export const fileSeatSectionSchema = z.strictObject({
  name: z.string().min(1).max(64),
  /** where the section's name is drawn */
  label: z.strictObject({ x: coordinate, y: coordinate }).optional(),
  /** the price zone of its rows unless a row says otherwise */
  zone: keySchema.optional(),
  rows: fileList(fileSeatRowSchema).min(1),
});
export type FileSeatSection = z.infer<typeof fileSeatSectionSchema>;

export const fileSeatLayoutSchema = z.strictObject({
  /** the seller's key of the layout: sessions and events name it */
  key: keySchema,
  name: z.string().min(1),
  width: positive(100_000),
  height: positive(100_000),
  /** the radius of seats that give none */
  seat_radius: radius.optional(),
  /** the layout's price zones */
  zones: fileList(keySchema).min(1),
  /** SVG markup drawn under the seats (stage, aisles); unsafe elements are dropped on import */
  background: z.string().max(200_000).optional(),
  sections: fileList(fileSeatSectionSchema).min(1),
});
export type FileSeatLayout = z.infer<typeof fileSeatLayoutSchema>;

/** The default seat radius when neither the seat, its row nor the layout gives one. */
export const DEFAULT_SEAT_RADIUS = 8;

/** One seat of a layout as the import stores it, in the layout's reading order. */
export interface ExpandedSeat {
  section: string;
  row: string;
  seat: string;
  x: number;
  y: number;
  r: number;
  zone: string | undefined;
  blocked: boolean;
  accessibility: 'wheelchair' | 'companion' | null;
  /** the name of the wheelchair seat (same section and row) a companion seat goes with */
  companionOf: string | null;
  /** where the seat comes from in the file, for errors */
  at: (string | number)[];
}

/** Rounds to two decimals: stored coordinates come back as the file wrote them. */
export const round2 = (n: number) => Math.round(n * 100) / 100;

/** The seat names of a range `1-20` or `20-1`. */
export function seatRangeNames(range: string): string[] {
  const [first, last] = range.split('-').map(Number) as [number, number];
  const step = first <= last ? 1 : -1;
  return Array.from({ length: Math.abs(last - first) + 1 }, (_, i) => String(first + i * step));
}

/** A row's seats, each with its position, in the row's order (its neighbour chain). */
export function rowSeats(
  row: FileSeatRow,
  defaults: { r: number },
): { seat: string; x: number; y: number; r: number; zone?: string; index: number }[] {
  const r = row.r ?? defaults.r;
  if (typeof row.seats === 'string') {
    const count = seatRangeNames(row.seats).length;
    if (count > SEAT_LAYOUT_MAX_SEATS) return [];
    return seatRangeNames(row.seats).map((seat, i) => ({
      seat,
      x: round2(row.x! + i * (row.dx ?? 0)),
      y: round2(row.y! + i * (row.dy ?? 0)),
      r,
      index: i,
    }));
  }
  return row.seats.map((s, i) => ({
    seat: String(s.seat),
    x: s.x,
    y: s.y,
    r: s.r ?? r,
    zone: s.zone,
    index: i,
  }));
}

/**
 * A layout's seats in reading order (section, row, seat as written), with blocked, wheelchair
 * and companion marks resolved; `issue` is told every problem at the path of the field at fault.
 */
export function expandSeatLayout(
  layout: FileSeatLayout,
  issue: (path: (string | number)[], message: string) => void = () => {},
): ExpandedSeat[] {
  const zones = new Set(layout.zones);
  const seats: ExpandedSeat[] = [];
  const sections = new Set<string>();
  const checkZone = (zone: string | undefined, path: (string | number)[]) => {
    if (zone !== undefined && !zones.has(zone)) {
      issue(path, `no zone ${zone} in layout ${layout.key} (zones: ${layout.zones.join(', ')})`);
    }
  };
  layout.sections.forEach((section, s) => {
    const sAt = ['sections', s];
    if (sections.has(section.name)) issue([...sAt, 'name'], `duplicate section ${section.name}`);
    sections.add(section.name);
    checkZone(section.zone, [...sAt, 'zone']);
    const rowNames = new Set<string>();
    section.rows.forEach((row, r) => {
      const rAt = [...sAt, 'rows', r];
      if (rowNames.has(row.row))
        issue([...rAt, 'row'], `duplicate row ${row.row} in ${section.name}`);
      rowNames.add(row.row);
      checkZone(row.zone, [...rAt, 'zone']);
      if (
        typeof row.seats === 'string' &&
        seatRangeNames(row.seats).length > SEAT_LAYOUT_MAX_SEATS
      ) {
        issue([...rAt, 'seats'], `a layout holds at most ${SEAT_LAYOUT_MAX_SEATS} seats`);
      }
      const list = rowSeats(row, { r: layout.seat_radius ?? DEFAULT_SEAT_RADIUS });
      const names = new Map<string, number>();
      for (const seat of list) {
        const at =
          typeof row.seats === 'string' ? [...rAt, 'seats'] : [...rAt, 'seats', seat.index];
        if (names.has(seat.seat)) {
          issue(at, `duplicate seat ${seat.seat} in row ${row.row} of ${section.name}`);
        }
        names.set(seat.seat, seats.length);
        if (typeof row.seats !== 'string') checkZone(seat.zone, [...at, 'zone']);
        const zone = seat.zone ?? row.zone ?? section.zone;
        if (zone === undefined)
          issue(at, `seat ${seat.seat} has no zone: give its section or row a zone`);
        seats.push({
          section: section.name,
          row: row.row,
          seat: seat.seat,
          x: seat.x,
          y: seat.y,
          r: seat.r,
          zone,
          blocked: false,
          accessibility: null,
          companionOf: null,
          at,
        });
      }
      const find = (name: string | number, path: (string | number)[]) => {
        const i = names.get(String(name));
        if (i === undefined) issue(path, `no seat ${name} in row ${row.row} of ${section.name}`);
        return i === undefined ? undefined : seats[i];
      };
      (row.blocked ?? []).forEach((name, i) => {
        const seat = find(name, [...rAt, 'blocked', i]);
        if (seat) seat.blocked = true;
      });
      (row.wheelchair ?? []).forEach((name, i) => {
        const seat = find(name, [...rAt, 'wheelchair', i]);
        if (seat) seat.accessibility = 'wheelchair';
      });
      for (const [companion, wheelchair] of Object.entries(row.companions ?? {})) {
        const at = [...rAt, 'companions', companion];
        const seat = find(companion, at);
        const of = names.get(String(wheelchair));
        if (!seat) continue;
        if (of === undefined || seats[of]!.accessibility !== 'wheelchair') {
          issue(
            at,
            `companion seat ${companion} needs a wheelchair seat of row ${row.row}: ${wheelchair} is not one`,
          );
          continue;
        }
        if (seat.accessibility === 'wheelchair') {
          issue(at, `seat ${companion} is a wheelchair space; a companion seat is another seat`);
          continue;
        }
        seat.accessibility = 'companion';
        seat.companionOf = String(wheelchair);
      }
    });
  });
  if (seats.length > SEAT_LAYOUT_MAX_SEATS) {
    issue(['sections'], `a layout holds at most ${SEAT_LAYOUT_MAX_SEATS} seats (${seats.length})`);
  }
  const used = new Set(seats.map((s) => s.zone));
  layout.zones.forEach((zone, i) => {
    if (!used.has(zone)) issue(['zones', i], `zone ${zone} has no seats`);
  });
  return seats;
}
