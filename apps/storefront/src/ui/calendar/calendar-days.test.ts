import { describe, expect, it } from 'vitest';
import {
  calendarHorizon,
  dayState,
  firstSelectableDate,
  initialFocusDate,
  isSelectableDay,
  monthKey,
  toDayMap,
} from '@/ui/calendar/calendar-days';
import { makeCalendarDay, makeCalendarDays } from '@/testing/calendar-day-fixtures';

describe('dayState (shopping §3 Calendar day)', () => {
  it('knows available and sold_out; any other status disables the day', () => {
    expect(dayState(makeCalendarDay('2026-11-24'))).toBe('available');
    expect(dayState(makeCalendarDay('2026-11-24', { status: 'sold_out' }))).toBe('sold_out');
    expect(dayState(makeCalendarDay('2026-11-24', { status: 'closed' }))).toBe('disabled');
    expect(dayState(makeCalendarDay('2026-11-24', { status: 'unavailable' }))).toBe('disabled');
  });

  it('disables a day that is not enabled, or that the server did not send', () => {
    expect(dayState(makeCalendarDay('2026-11-24', { enabled: false }))).toBe('disabled');
    expect(dayState(undefined)).toBe('disabled');
    expect(isSelectableDay(makeCalendarDay('2026-11-24', { status: 'sold_out' }))).toBe(false);
  });
});

describe('calendarHorizon (shopping §9)', () => {
  it('is the start of the month one year ahead', () => {
    expect(calendarHorizon('2026-11-22')).toBe('2027-11-01');
    expect(calendarHorizon('2026-01-01')).toBe('2027-01-01');
    expect(calendarHorizon('2028-02-29')).toBe('2029-02-01');
  });
});

describe('month keys and focus', () => {
  it('formats months as YYYY-MM', () => {
    expect(monthKey('2026-11-22')).toBe('2026-11');
  });

  it('finds the first selectable date in date order', () => {
    const days = toDayMap([
      makeCalendarDay('2026-12-02'),
      makeCalendarDay('2026-11-30', { status: 'sold_out' }),
      makeCalendarDay('2026-12-01'),
    ]);
    expect(firstSelectableDate(days)).toBe('2026-12-01');
    expect(firstSelectableDate(new Map())).toBeNull();
  });

  it('starts focus on the value, else the requested month, else the first selectable date', () => {
    const days = makeCalendarDays(['2026-11-25', '2026-12-04']);
    expect(initialFocusDate(days, '2026-12-04', '2026-11', '2026-11-22')).toBe('2026-12-04');
    expect(initialFocusDate(days, null, '2026-12', '2026-11-22')).toBe('2026-12-04');
    expect(initialFocusDate(days, null, '2027-01', '2026-11-22')).toBe('2027-01-01');
    expect(initialFocusDate(days, null, '2026-11', '2026-11-22')).toBe('2026-11-25');
    expect(initialFocusDate(new Map(), null, '2026-11', '2026-11-22')).toBe('2026-11-22');
    expect(initialFocusDate(days, null, null, '2026-11-22')).toBe('2026-11-25');
    expect(initialFocusDate(new Map(), null, null, '2026-11-22')).toBe('2026-11-22');
  });
});
