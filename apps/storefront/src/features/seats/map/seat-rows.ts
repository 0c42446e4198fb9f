import type { Seat } from '@admit/contracts/seat-map';

/**
 * The map's rows for drawing (one `role="row"` each) and for keyboard travel. Built once per
 * seat list; a state refresh re-sends the same geometry, so this is cheap next to rendering.
 */
export interface SeatRow {
  key: string;
  section: string;
  row: string;
  /** seats left to right */
  seats: Seat[];
  /** mean y, to order rows top to bottom */
  y: number;
}

export interface SeatIndex {
  rows: SeatRow[];
  byId: Map<string, Seat>;
  rowOf: Map<string, SeatRow>;
}

export function indexSeats(seats: readonly Seat[]): SeatIndex {
  const byId = new Map<string, Seat>();
  const grouped = new Map<string, SeatRow>();
  for (const seat of seats) {
    byId.set(seat.id, seat);
    const key = `${seat.section}\u0000${seat.row}`;
    let row = grouped.get(key);
    if (!row) {
      row = { key, section: seat.section, row: seat.row, seats: [], y: 0 };
      grouped.set(key, row);
    }
    row.seats.push(seat);
  }
  const rows = [...grouped.values()];
  const rowOf = new Map<string, SeatRow>();
  for (const row of rows) {
    row.seats.sort((a, b) => a.x - b.x);
    row.y = row.seats.reduce((sum, seat) => sum + seat.y, 0) / row.seats.length;
    for (const seat of row.seats) rowOf.set(seat.id, row);
  }
  // reading order: top to bottom, then left to right, so Tab lands on the first seat a reader sees
  rows.sort((a, b) => a.y - b.y || a.seats[0]!.x - b.seats[0]!.x);
  return { rows, byId, rowOf };
}

export type SeatMove = 'left' | 'right' | 'up' | 'down' | 'home' | 'end';

function nearestInRow(row: SeatRow, x: number): Seat {
  let best = row.seats[0]!;
  for (const seat of row.seats) if (Math.abs(seat.x - x) < Math.abs(best.x - x)) best = seat;
  return best;
}

/** Along the row: the linked neighbour (spec §3 previous/next) on that side, else the next by x. */
function along(index: SeatIndex, seat: Seat, row: SeatRow, step: 1 | -1): Seat {
  for (const link of [seat.previous, seat.next]) {
    const neighbour = link ? index.byId.get(link) : undefined;
    // the links follow the seat numbers, which may run right to left: the arrow follows the eye
    if (neighbour && index.rowOf.get(neighbour.id) === row && (neighbour.x - seat.x) * step > 0)
      return neighbour;
  }
  const at = row.seats.indexOf(seat);
  return row.seats[Math.min(row.seats.length - 1, Math.max(0, at + step))]!;
}

/**
 * Up and down: the nearest seat in the adjacent row of the same section; past a section's first
 * or last row, the nearest seat of the nearest row above or below in any other section.
 */
function across(index: SeatIndex, seat: Seat, row: SeatRow, step: 1 | -1): Seat {
  const sameSection = index.rows.filter((candidate) => candidate.section === row.section);
  const neighbour = sameSection[sameSection.indexOf(row) + step];
  if (neighbour) return nearestInRow(neighbour, seat.x);
  let best: Seat | null = null;
  let bestDistance = Infinity;
  for (const candidate of index.rows) {
    if (candidate.section === row.section || (candidate.y - row.y) * step <= 0) continue;
    const near = nearestInRow(candidate, seat.x);
    const distance = Math.hypot(near.x - seat.x, near.y - seat.y);
    if (distance < bestDistance) [best, bestDistance] = [near, distance];
  }
  return best ?? seat;
}

/** Where an arrow, Home or End key takes the focus from `seatId`. */
export function moveFrom(index: SeatIndex, seatId: string, move: SeatMove): string {
  const seat = index.byId.get(seatId);
  const row = seat ? index.rowOf.get(seat.id) : undefined;
  if (!seat || !row) return seatId;
  switch (move) {
    case 'left':
      return along(index, seat, row, -1).id;
    case 'right':
      return along(index, seat, row, 1).id;
    case 'up':
      return across(index, seat, row, -1).id;
    case 'down':
      return across(index, seat, row, 1).id;
    case 'home':
      return row.seats[0]!.id;
    case 'end':
      return row.seats[row.seats.length - 1]!.id;
  }
}
