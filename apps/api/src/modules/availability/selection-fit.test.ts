import { describe, expect, it } from 'vitest';
import { selectionFit, type SelectionLine } from './selection-fit';
import type { GroupFacts, SessionFacts, TypeFacts } from './status-rules';
import { groupFacts, sessionFacts } from './availability-test-kit';

const NOW = new Date('2026-11-22T12:00:00Z');
const type = (id: string, groupId: string, over: Partial<TypeFacts> = {}): TypeFacts => ({
  id,
  name: id,
  ticketGroupId: groupId,
  amount: 1000,
  available: true,
  outsideFees: [],
  ...over,
});

function fit(
  selection: SelectionLine[],
  over: {
    session?: Partial<SessionFacts>;
    ga?: Partial<GroupFacts>;
    addon?: Partial<GroupFacts>;
    adult?: Partial<TypeFacts>;
  } = {},
) {
  const ga = groupFacts({ id: 'ga', ...over.ga });
  const addon = groupFacts({ id: 'addon', excludeFromEventCapacity: true, ...over.addon });
  const gift = groupFacts({ id: 'gift', handler: 'ledger' });
  return selectionFit({
    session: sessionFacts(over.session),
    groups: new Map([ga, addon, gift].map((g) => [g.id, g])),
    types: new Map(
      [
        type('adult', 'ga', over.adult),
        type('child', 'ga'),
        type('guide', 'addon'),
        type('card', 'gift'),
      ].map((t) => [t.id, t]),
    ),
    selection,
    now: NOW,
  });
}
const q = (ticket_type_id: string, quantity: number) => ({ ticket_type_id, quantity });

describe('selectionFit (shopping §5, §7)', () => {
  it.each([
    ['empty selection on an open session', [], {}, 'available'],
    ['only zero quantities', [q('adult', 0)], { session: { usedCapacity: 10 } }, 'sold_out'],
    ['fits exactly', [q('adult', 6), q('child', 4)], {}, 'available'],
    ['one over the session', [q('adult', 6), q('child', 5)], {}, 'sold_out'],
    ['a type listed twice is summed', [q('adult', 6), q('adult', 5)], {}, 'sold_out'],
    ['oversell makes room', [q('adult', 11)], { session: { oversellCapacity: 1 } }, 'available'],
    ['unlimited session', [q('adult', 500)], { session: { capacity: -1 } }, 'available'],
    ['more than 1000 of a type', [q('adult', 1001)], { session: { capacity: -1 } }, 'unavailable'],
    ['group capacity', [q('adult', 3)], { ga: { capacity: 5, usedCapacity: 3 } }, 'sold_out'],
    ['group sold-out flag', [q('adult', 1)], { ga: { soldOut: true } }, 'sold_out'],
    ['session sold-out flag', [q('guide', 1)], { session: { soldOut: true } }, 'sold_out'],
    [
      'excluded group ignores session capacity',
      [q('guide', 50)],
      { session: { usedCapacity: 10 } },
      'available',
    ],
    [
      'excluded group still has its own capacity',
      [q('guide', 3)],
      { addon: { capacity: 2 } },
      'sold_out',
    ],
    [
      'max_tickets_per_order counts the group',
      [q('adult', 3), q('child', 3)],
      { ga: { maxTicketsPerOrder: 5 } },
      'unavailable',
    ],
    [
      'max_tickets_per_order met',
      [q('adult', 3), q('child', 2)],
      { ga: { maxTicketsPerOrder: 5 } },
      'available',
    ],
    ['negative max is no limit', [q('adult', 8)], { ga: { maxTicketsPerOrder: -1 } }, 'available'],
    [
      'min_tickets_per_order not met',
      [q('adult', 1)],
      { ga: { minTicketsPerOrder: 2 } },
      'unavailable',
    ],
    [
      'min_tickets_per_order met across types',
      [q('adult', 1), q('child', 1)],
      { ga: { minTicketsPerOrder: 2 } },
      'available',
    ],
    ['unknown type', [q('nope', 1)], {}, 'unavailable'],
    ['unavailable type', [q('adult', 1)], { adult: { available: false } }, 'unavailable'],
    ['session-less group', [q('card', 1)], {}, 'unavailable'],
    ['group off sale', [q('adult', 1)], { ga: { salesEnd: NOW } }, 'unavailable'],
    ['started session', [q('adult', 1)], { session: { startDatetime: NOW } }, 'unavailable'],
    ['started session, no selection', [], { session: { startDatetime: NOW } }, 'unavailable'],
  ] as const)('%s → %s', (_name, selection, over, expected) => {
    expect(fit([...selection], over)).toBe(expected);
  });
});
