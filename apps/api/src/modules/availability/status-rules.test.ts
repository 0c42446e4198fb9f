import { describe, expect, it } from 'vitest';
import {
  groupHasRoomAt,
  isAllDayEvent,
  isAllDaySession,
  isGroupAvailable,
  isGroupSoldOut,
  isSessionAvailable,
  isSessionSoldOut,
  isSessionlessGroup,
  isVisibleTo,
} from './status-rules';
import { groupFacts, sessionFacts } from './availability-test-kit';

const NOW = new Date('2026-11-22T12:00:00Z');

describe('session sold out and available', () => {
  it.each([
    ['capacity left', {}, false, true],
    ['sold-out flag', { soldOut: true }, true, false],
    ['capacity used up', { usedCapacity: 10 }, true, false],
    ['oversell keeps it open', { usedCapacity: 10, oversellCapacity: 2 }, false, true],
    ['unlimited', { capacity: -1, usedCapacity: 5000 }, false, true],
    ['started already', { startDatetime: NOW }, false, false],
    ['past', { startDatetime: new Date('2026-11-21T15:00:00Z') }, false, false],
  ])('%s', (_name, over, soldOut, available) => {
    expect(isSessionSoldOut(sessionFacts(over))).toBe(soldOut);
    expect(isSessionAvailable(sessionFacts(over), NOW)).toBe(available);
  });
});

describe('group sold out and available', () => {
  it.each([
    ['unlimited, no window', {}, false, true],
    ['flag', { soldOut: true }, true, false],
    ['capacity used up', { capacity: 5, usedCapacity: 5 }, true, false],
    ['oversell left', { capacity: 5, usedCapacity: 5, oversellCapacity: 1 }, false, true],
    ['sales not started', { salesStart: new Date('2026-11-23T00:00:00Z') }, false, false],
    ['sales ended', { salesEnd: NOW }, false, false],
    [
      'inside the window',
      { salesStart: NOW, salesEnd: new Date('2026-12-01T00:00:00Z') },
      false,
      true,
    ],
  ])('%s', (_name, over, soldOut, available) => {
    expect(isGroupSoldOut(groupFacts(over))).toBe(soldOut);
    expect(isGroupAvailable(groupFacts(over), NOW)).toBe(available);
  });
});

describe('groupHasRoomAt', () => {
  it.each([
    ['room everywhere', {}, {}, true],
    ['full session', {}, { usedCapacity: 10 }, false],
    [
      'full session, excluded group',
      { excludeFromEventCapacity: true },
      { usedCapacity: 10 },
      true,
    ],
    [
      'flagged session closes excluded groups too',
      { excludeFromEventCapacity: true },
      { soldOut: true },
      false,
    ],
    ['sold-out group', { capacity: 2, usedCapacity: 2 }, {}, false],
  ])('%s', (_name, group, session, expected) => {
    expect(groupHasRoomAt(groupFacts(group), sessionFacts(session))).toBe(expected);
  });
  it('without a session only the group counts', () => {
    expect(groupHasRoomAt(groupFacts(), null)).toBe(true);
  });
});

describe('visibility and session-less groups', () => {
  it.each([
    ['public_browsable', false, true],
    ['public_link_only', false, true],
    ['public_member_only', false, false],
    ['public_member_only', true, true],
  ])('%s for member=%s → %s', (hiddenType, isMember, expected) => {
    expect(isVisibleTo({ hiddenType }, { isMember })).toBe(expected);
  });
  it.each([
    ['tickets', null, false],
    ['seated', null, false],
    ['donation', null, true],
    ['ledger', null, true],
    ['membership', null, true],
    ['passes', null, true],
    ['tickets', 'fixedfrom', true],
  ])('%s with start policy %s → %s', (handler, startPolicy, expected) => {
    expect(isSessionlessGroup({ handler, startPolicy })).toBe(expected);
  });
});

describe('all-day events (shopping §9)', () => {
  const span = (minutes: number) => ({
    startDatetime: new Date('2026-11-23T14:00:00Z'),
    endDatetime: new Date(Date.parse('2026-11-23T14:00:00Z') + minutes * 60_000),
  });
  it.each([
    [300, false],
    [301, true],
    [480, true],
  ])('a session of %i minutes is all-day: %s', (minutes, expected) => {
    expect(isAllDaySession(span(minutes))).toBe(expected);
  });
  it.each([
    ['repeating, one long session', 'repeating', [span(480)], true],
    ['repeating, one short session', 'repeating', [span(60)], false],
    ['repeating, two long sessions', 'repeating', [span(480), span(480)], false],
    ['single event', 'single', [span(480)], false],
    ['no session', 'repeating', [], false],
  ])('%s', (_name, eventType, sessions, expected) => {
    expect(isAllDayEvent(eventType, sessions)).toBe(expected);
  });
});
