import { toCollection } from '@admit/contracts/envelope';
import type { Seat, SeatMapResponse } from '@admit/contracts/seat-map';

/** Seat factories for the seat model and route tests (a row is a linked chain, as on the wire). */

export function makeSeat(overrides: Partial<Seat> & Pick<Seat, 'id'>): Seat {
  return {
    seat_template_id: overrides.id,
    seat: '1',
    row: 'A',
    section: 'Stalls',
    x: 0,
    y: 0,
    r: 10,
    state: 'available',
    ticket_groups: '',
    previous: null,
    next: null,
    accessibility: null,
    companion_of: null,
    ...overrides,
  };
}

export interface RowSpec {
  section?: string;
  row: string;
  count: number;
  groups: readonly string[];
  y?: number;
  /** seat numbers whose state differs from available */
  states?: Readonly<Record<number, Seat['state']>>;
}

/** One row of `count` seats numbered from 1, left to right, ids "<section>-<row><n>". */
export function makeRow(spec: RowSpec): Seat[] {
  const section = spec.section ?? 'Stalls';
  const id = (n: number) => `${section}-${spec.row}${n}`;
  return Array.from({ length: spec.count }, (_, index) => {
    const n = index + 1;
    return makeSeat({
      id: id(n),
      seat: String(n),
      row: spec.row,
      section,
      x: n * 30,
      y: spec.y ?? 0,
      state: spec.states?.[n] ?? 'available',
      ticket_groups: spec.groups.join(','),
      previous: n > 1 ? id(n - 1) : null,
      next: n < spec.count ? id(n + 1) : null,
    });
  });
}

/** The seat_map read's body for these seats. */
export function seatMapBody(seats: readonly Seat[], sessionId = 'session'): SeatMapResponse {
  return {
    seat_map: toCollection([
      {
        id: 'layout-1',
        event_session_id: sessionId,
        name: 'Main hall',
        width: 1000,
        height: 600,
        other_elements: '',
        map_geometry: { sections: [] },
      },
    ]),
    seat: toCollection([...seats]),
  };
}
