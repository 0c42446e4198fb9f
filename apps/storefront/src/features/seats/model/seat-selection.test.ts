import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Seat } from '@admit/contracts/seat-map';
import {
  countByGroup,
  fitSelection,
  indexSeats,
  isComplete,
  seatView,
  toggleSeat,
} from '@/features/seats/model/seat-selection';
import type { Selection } from '@/features/seats/model/seat-selection';
import { makeRow, makeSeat } from '@/features/seats/model/seat-test-kit';

const STALLS = 'g-stalls';
const CIRCLE = 'g-circle';

describe('seat selection (shopping §4 "Seat states")', () => {
  const row = makeRow({ row: 'F', count: 6, groups: [STALLS], states: { 5: 'booked' } });
  const index = indexSeats(row);
  const need = (count: number) => new Map([[STALLS, count]]);

  it('auto-extends along next, then previous, to the required count', () => {
    const result = toggleSeat(index, need(3), [], 'Stalls-F3');
    expect(result.kind).toBe('selected');
    // F4 then F5 is booked: the run stops, previous takes F2
    expect(result.selection.map((pick) => pick.seatId)).toEqual([
      'Stalls-F3',
      'Stalls-F4',
      'Stalls-F2',
    ]);
    expect(isComplete(need(3), result.selection)).toBe(true);
  });

  it('refuses booked seats and seats of a group whose count is met', () => {
    expect(toggleSeat(index, need(2), [], 'Stalls-F5').kind).toBe('refused');
    const full = toggleSeat(index, need(2), [], 'Stalls-F1').selection;
    expect(seatView(index, index.byId.get('Stalls-F6')!, need(2), full)).toBe('unavailable');
    expect(toggleSeat(index, need(2), full, 'Stalls-F6').kind).toBe('refused');
  });

  it('deselects only what is selected', () => {
    const picked = toggleSeat(index, need(1), [], 'Stalls-F1').selection;
    const result = toggleSeat(index, need(1), picked, 'Stalls-F1');
    expect(result).toMatchObject({ kind: 'deselected', selection: [], removed: ['Stalls-F1'] });
  });

  it('sells a companion seat only with its wheelchair seat', () => {
    const wheelchair = makeSeat({ id: 'w', ticket_groups: STALLS, accessibility: 'wheelchair' });
    const companion = makeSeat({
      id: 'c',
      ticket_groups: STALLS,
      accessibility: 'companion',
      companion_of: 'w',
    });
    const seats = indexSeats([wheelchair, companion]);
    expect(seatView(seats, companion, need(2), [])).toBe('unavailable');
    expect(toggleSeat(seats, need(2), [], 'c').kind).toBe('refused');
    const both = toggleSeat(seats, need(2), toggleSeat(seats, need(2), [], 'w').selection, 'c');
    expect(both.selection).toHaveLength(2);
    // dropping the wheelchair seat drops its companion
    expect(toggleSeat(seats, need(2), both.selection, 'w').selection).toEqual([]);
  });

  it('counts a seat of two groups in the first one still open', () => {
    const seats = indexSeats([
      makeSeat({ id: 'a', ticket_groups: `${STALLS},${CIRCLE}` }),
      makeSeat({ id: 'b', ticket_groups: `${STALLS},${CIRCLE}` }),
    ]);
    const required = new Map([
      [STALLS, 1],
      [CIRCLE, 1],
    ]);
    const first = toggleSeat(seats, required, [], 'a').selection;
    const second = toggleSeat(seats, required, first, 'b').selection;
    expect(second).toEqual([
      { seatId: 'a', groupId: STALLS },
      { seatId: 'b', groupId: CIRCLE },
    ]);
    expect(isComplete(required, second)).toBe(true);
  });

  it('keeps the picks that still fit when quantities drop', () => {
    const picked = toggleSeat(index, need(3), [], 'Stalls-F1').selection;
    expect(fitSelection(index, need(2), picked).map((p) => p.seatId)).toEqual([
      'Stalls-F1',
      'Stalls-F2',
    ]);
    expect(fitSelection(index, new Map(), picked)).toEqual([]);
  });
});

/** A map of a few rows, random states and groups, and a random click sequence. */
const scenario = fc
  .record({
    rows: fc.array(
      fc.record({
        count: fc.integer({ min: 1, max: 8 }),
        groups: fc.subarray([STALLS, CIRCLE], { minLength: 1 }),
        states: fc.array(
          fc.constantFrom<Seat['state']>('available', 'available', 'booked', 'unavailable'),
          {
            minLength: 8,
            maxLength: 8,
          },
        ),
      }),
      { minLength: 1, maxLength: 4 },
    ),
    stalls: fc.integer({ min: 0, max: 6 }),
    circle: fc.integer({ min: 0, max: 6 }),
    clicks: fc.array(fc.nat(), { maxLength: 20 }),
  })
  .map(({ rows, stalls, circle, clicks }) => {
    const seats = rows.flatMap((spec, rowIndex) =>
      makeRow({
        row: String.fromCharCode(65 + rowIndex),
        count: spec.count,
        groups: spec.groups,
        states: Object.fromEntries(spec.states.map((state, n) => [n + 1, state])),
      }),
    );
    const required = new Map([
      [STALLS, stalls],
      [CIRCLE, circle],
    ]);
    return { seats, required, clicks: clicks.map((n) => seats[n % seats.length]!.id) };
  });

describe('seat selection properties', () => {
  it('never selects more than required, only available seats, runs within one row chain', () => {
    fc.assert(
      fc.property(scenario, ({ seats, required, clicks }) => {
        const index = indexSeats(seats);
        let selection: Selection = [];
        for (const seatId of clicks) {
          const result = toggleSeat(index, required, selection, seatId);
          if (result.kind === 'selected') {
            const rows = new Set(result.added.map((id) => index.byId.get(id)!.row));
            expect(rows.size).toBe(1);
          }
          selection = result.selection;
          for (const [groupId, count] of countByGroup(selection)) {
            expect(count).toBeLessThanOrEqual(required.get(groupId) ?? 0);
          }
          for (const pick of selection) {
            const seat = index.byId.get(pick.seatId)!;
            expect(seat.state).toBe('available');
            expect(index.groupsOf(seat)).toContain(pick.groupId);
          }
          expect(new Set(selection.map((p) => p.seatId)).size).toBe(selection.length);
        }
      }),
    );
  });

  it('a refused toggle changes nothing; fitting keeps a valid selection unchanged', () => {
    fc.assert(
      fc.property(scenario, ({ seats, required, clicks }) => {
        const index = indexSeats(seats);
        let selection: Selection = [];
        for (const seatId of clicks) {
          const result = toggleSeat(index, required, selection, seatId);
          if (result.kind === 'refused') expect(result.selection).toBe(selection);
          selection = result.selection;
        }
        expect(fitSelection(index, required, selection)).toEqual(selection);
      }),
    );
  });
});
