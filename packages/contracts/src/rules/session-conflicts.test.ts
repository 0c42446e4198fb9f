import { describe, expect, it } from 'vitest';
import { conflictingSessions, padMinutes } from './session-conflicts';

const span = (id: string, start: string, minutes: number) => ({
  id,
  start_datetime: `2026-11-22T${start}:00Z`,
  end_datetime: new Date(Date.parse(`2026-11-22T${start}:00Z`) + minutes * 60_000).toISOString(),
});
const item = (start: string, minutes: number, sessionId: string | null = 'held') => ({
  ...span('x', start, minutes),
  event_session_id: sessionId,
});

describe('conflictingSessions (shopping §5)', () => {
  const sessions = [
    span('s0930', '09:30', 30),
    span('s0950', '09:50', 30),
    span('s1000', '10:00', 60),
    span('s1105', '11:05', 30),
    span('s1106', '11:06', 30),
    span('s1200', '12:00', 30),
  ];
  const cart = [item('10:30', 30)]; // 10:30–11:00

  it('pads by 5 minutes on each side by default; touching ends do not conflict', () => {
    // s0950 ends 10:20 (+5 = 10:25) before 10:30? no: 10:25 < 10:30 → no clash
    expect([...conflictingSessions(sessions, cart)].sort()).toEqual(['s1000']);
  });
  it('pad_pre_start reaches back from a session start', () => {
    // s1105 padded starts 11:05-6 = 10:59 < 11:00 → clash; s1106 → 11:00, touching → none
    expect([...conflictingSessions(sessions, cart, { pad_pre_start: 6 })].sort()).toEqual([
      's1000',
      's1105',
    ]);
  });
  it('pad_post_end reaches forward from a session end', () => {
    expect([...conflictingSessions(sessions, cart, { pad_post_end: 11 })].sort()).toEqual([
      's0950',
      's1000',
    ]);
  });
  it('zero pads leave only true overlaps', () => {
    const c = conflictingSessions(sessions, [item('10:20', 10)], {
      pad_pre_start: 0,
      pad_post_end: 0,
    });
    expect([...c].sort()).toEqual(['s1000']);
  });
  it('the session already in the cart is not a conflict with itself', () => {
    const held = [{ ...span('s1000', '10:00', 60), event_session_id: 's1000' }];
    expect(conflictingSessions(sessions, held).has('s1000')).toBe(false);
    expect(conflictingSessions(sessions, held).has('s0950')).toBe(true);
  });
  it('an empty cart conflicts with nothing', () => {
    expect(conflictingSessions(sessions, []).size).toBe(0);
  });
});

describe('padMinutes', () => {
  it.each([
    [undefined, 5],
    [null, 5],
    [0, 0],
    [15, 15],
    ['10', 10],
    ['', 5],
    [-3, 5],
    ['soon', 5],
  ])('%j → %i', (value, expected) => expect(padMinutes(value)).toBe(expected));
});
