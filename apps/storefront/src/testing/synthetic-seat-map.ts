import type { Seat, SeatMap, SeatState } from '@admit/contracts/seat-map';

export interface SyntheticSeatMapOptions {
  sections?: readonly string[];
  rows?: number;
  seatsPerRow?: number;
  /** group ids; a section's seats belong to group `sections index % groups.length` */
  groups?: readonly string[];
  /** the state of a seat by its position, e.g. every 7th booked */
  stateOf?: (section: number, row: number, seat: number) => SeatState;
}

const ROW_NAMES = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const rowName = (index: number) =>
  index < ROW_NAMES.length
    ? ROW_NAMES[index]!
    : `${ROW_NAMES[Math.floor(index / ROW_NAMES.length) - 1]}${ROW_NAMES[index % ROW_NAMES.length]}`;

/**
 * A hall of side-by-side sections with rows of seats 20 units apart, linked previous/next along
 * each row: for the map's tests and its 5,000-seat benchmark (5 sections × 40 rows × 25 seats).
 */
export function makeSyntheticSeatMap(options: SyntheticSeatMapOptions = {}): {
  map: SeatMap;
  seats: Seat[];
} {
  const {
    sections = ['Stalls'],
    rows = 3,
    seatsPerRow = 5,
    groups = ['group-1'],
    stateOf = () => 'available',
  } = options;
  const pitch = 20;
  const sectionWidth = seatsPerRow * pitch + 40;
  const seats: Seat[] = [];
  sections.forEach((section, s) => {
    for (let r = 0; r < rows; r += 1) {
      const row = rowName(r);
      for (let n = 0; n < seatsPerRow; n += 1) {
        const id = `${section}-${row}-${n + 1}`;
        seats.push({
          id,
          seat_template_id: id,
          seat: String(n + 1),
          row,
          section,
          x: 40 + s * sectionWidth + n * pitch,
          y: 80 + r * pitch,
          r: 8,
          state: stateOf(s, r, n),
          ticket_groups: groups[s % groups.length]!,
          previous: n > 0 ? `${section}-${row}-${n}` : null,
          next: n < seatsPerRow - 1 ? `${section}-${row}-${n + 2}` : null,
          accessibility: null,
          companion_of: null,
        });
      }
    }
  });
  const map: SeatMap = {
    id: 'layout-1',
    event_session_id: 'session-1',
    name: 'Synthetic hall',
    width: sections.length * sectionWidth + 40,
    height: rows * pitch + 120,
    other_elements: `<rect x="40" y="10" width="${sections.length * sectionWidth - 40}" height="30" fill="#e8e4da"/><text x="60" y="30">Stage</text>`,
    map_geometry: {
      sections: sections.map((name, s) => ({
        name,
        x: 40 + s * sectionWidth + (seatsPerRow * pitch) / 2,
        y: 65,
      })),
    },
  };
  return { map, seats };
}
