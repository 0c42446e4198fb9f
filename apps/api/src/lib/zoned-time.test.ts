import { describe, expect, it } from 'vitest';
import {
  addDays,
  isoWeekday,
  localDate,
  localTime,
  zonedIso,
  zonedWallTimeToUtc,
} from '@/lib/zoned-time';

describe('zoned time', () => {
  it.each([
    ['2026-03-28', '09:30', 'Europe/London', '2026-03-28T09:30:00.000Z'],
    ['2026-03-30', '09:30', 'Europe/London', '2026-03-30T08:30:00.000Z'],
    ['2026-11-01', '10:00', 'America/New_York', '2026-11-01T15:00:00.000Z'],
    ['2026-10-31', '10:00', 'America/New_York', '2026-10-31T14:00:00.000Z'],
    ['2026-07-01', '23:45', 'Australia/Sydney', '2026-07-01T13:45:00.000Z'],
  ])('%s %s in %s is %s', (date, time, zone, utc) => {
    const instant = zonedWallTimeToUtc(date, time, zone);
    expect(instant.toISOString()).toBe(utc);
    expect(localDate(instant, zone)).toBe(date);
    expect(localTime(instant, zone)).toBe(time);
  });

  it('takes the venue day, not the UTC day, as today', () => {
    const lateEvening = new Date('2026-03-02T03:00:00Z');
    expect(localDate(lateEvening, 'America/New_York')).toBe('2026-03-01');
    expect(localDate(lateEvening, 'Europe/London')).toBe('2026-03-02');
  });

  it('does calendar arithmetic across months and years', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(isoWeekday('2026-03-01')).toBe(7);
    expect(isoWeekday('2026-03-02')).toBe(1);
    // a day past its month's end rolls over, as Date.UTC does
    expect(addDays('2026-02-30', 0)).toBe('2026-03-02');
    expect(zonedWallTimeToUtc('2026-02-30', '10:00', 'UTC').toISOString()).toBe(
      '2026-03-02T10:00:00.000Z',
    );
  });
});

describe('zonedIso: the wall time in a zone with its offset', () => {
  it.each([
    ['2026-12-01T15:30:00.000Z', 'America/New_York', '2026-12-01T10:30:00-05:00'],
    ['2026-07-01T15:30:00.000Z', 'America/New_York', '2026-07-01T11:30:00-04:00'],
    ['2026-07-01T15:30:00.000Z', 'Asia/Kolkata', '2026-07-01T21:00:00+05:30'],
    ['2026-07-01T15:30:00.000Z', 'UTC', '2026-07-01T15:30:00+00:00'],
  ])('%s in %s → %s', (instant, zone, expected) => {
    expect(zonedIso(new Date(instant), zone)).toBe(expected);
    expect(new Date(expected).toISOString()).toBe(instant);
  });
});
