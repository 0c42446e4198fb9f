import { describe, expect, it } from 'vitest';
import type { TicketGroupWithTypes } from '@/api/events/event-detail';
import { makeTicketGroup, makeTicketType } from '@/testing/api-fixtures';
import { assignTypes, requiredSeats, seatIssue } from '@/features/seats/model/seat-assignment';
import { bestAvailableRun } from '@/features/seats/model/best-available';
import { makeRow } from '@/features/seats/model/seat-test-kit';

const seated: TicketGroupWithTypes = {
  ticketGroup: makeTicketGroup({ id: 'g1', name: 'Stalls', handler: 'seated' }),
  ticketTypes: [
    makeTicketType({ id: 'adult', name: 'Adult' }),
    makeTicketType({ id: 'child', name: 'Child' }),
  ],
};
const general: TicketGroupWithTypes = {
  ticketGroup: makeTicketGroup({ id: 'g2', name: 'Programme' }),
  ticketTypes: [makeTicketType({ id: 'programme', name: 'Programme' })],
};
const groups = [seated, general];
const picks = (...ids: string[]) => ids.map((seatId) => ({ seatId, groupId: 'g1' }));

describe('seats per group and type (shopping §5 seated validation)', () => {
  it('needs the sum of a seated group’s chosen quantities', () => {
    expect(requiredSeats(groups, { adult: 2, child: 1, programme: 4 })).toEqual(
      new Map([['g1', 3]]),
    );
  });

  it('gives the first seats to the first type in order', () => {
    expect(assignTypes(groups, { adult: 1, child: 2 }, picks('s1', 's2', 's3'))).toEqual([
      { ticket_type_id: 'adult', seat_template_id: 's1' },
      { ticket_type_id: 'child', seat_template_id: 's2' },
      { ticket_type_id: 'child', seat_template_id: 's3' },
    ]);
  });

  it('asks for Find Seats, then names the type short of or over its seats', () => {
    const quantities = { adult: 1, child: 2 };
    expect(seatIssue(groups, quantities, [], false)).toEqual({ kind: 'find_seats' });
    expect(seatIssue(groups, quantities, picks('s1', 's2', 's3'), false)).toEqual({
      kind: 'find_seats',
    });
    expect(seatIssue(groups, quantities, [], true)).toEqual({
      kind: 'not_enough',
      typeName: 'Adult',
    });
    expect(seatIssue(groups, quantities, picks('s1', 's2'), true)).toEqual({
      kind: 'not_enough',
      typeName: 'Child',
    });
    expect(seatIssue(groups, quantities, picks('s1', 's2', 's3', 's4'), true)).toEqual({
      kind: 'too_many',
      typeName: 'Child',
    });
    expect(seatIssue(groups, quantities, picks('s1', 's2', 's3'), true)).toBeNull();
    expect(seatIssue(groups, { programme: 2 }, [], false)).toBeNull();
  });
});

describe('best available (decision 0054)', () => {
  const seats = [
    ...makeRow({ row: 'B', count: 9, groups: ['g1'], y: 40 }),
    ...makeRow({ row: 'A', count: 9, groups: ['g1'], y: 10, states: { 4: 'booked', 5: 'booked' } }),
  ];
  const ids = (run: { id: string }[] | null) => run?.map((seat) => seat.id) ?? null;
  const open = (seat: { state: string }) => seat.state === 'available';

  it('takes the front row first, as central as its free seats allow', () => {
    expect(ids(bestAvailableRun(seats, 'Stalls', 3, open))).toEqual([
      'Stalls-A6',
      'Stalls-A7',
      'Stalls-A8',
    ]);
  });

  it('goes back a row when the front row has no run long enough', () => {
    expect(ids(bestAvailableRun(seats, 'Stalls', 5, open))).toEqual([
      'Stalls-B3',
      'Stalls-B4',
      'Stalls-B5',
      'Stalls-B6',
      'Stalls-B7',
    ]);
    expect(bestAvailableRun(seats, 'Stalls', 10, open)).toBeNull();
    expect(bestAvailableRun(seats, 'Circle', 1, open)).toBeNull();
  });
});
