import type { GroupFacts, SessionFacts } from './status-rules';

/** Row facts for the pure-rule tests: an open 30-minute session of 10 and an unlimited group. */

export const sessionFacts = (over: Partial<SessionFacts> = {}): SessionFacts => ({
  id: 's1',
  startDatetime: new Date('2026-11-23T15:00:00Z'),
  endDatetime: new Date('2026-11-23T15:30:00Z'),
  capacity: 10,
  oversellCapacity: 0,
  usedCapacity: 0,
  soldOut: false,
  ...over,
});

export const groupFacts = (over: Partial<GroupFacts> = {}): GroupFacts => ({
  id: 'g1',
  name: 'General Admission',
  handler: 'tickets',
  hiddenType: 'public_browsable',
  startPolicy: null,
  salesStart: null,
  salesEnd: null,
  capacity: -1,
  oversellCapacity: 0,
  usedCapacity: 0,
  excludeFromEventCapacity: false,
  soldOut: false,
  minTicketsPerOrder: null,
  maxTicketsPerOrder: null,
  ...over,
});
