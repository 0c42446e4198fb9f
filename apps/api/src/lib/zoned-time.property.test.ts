import { CalendarDateTime, toZoned } from '@internationalized/date';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { localDate, localTime, zonedIso, zonedWallTimeToUtc } from '@/lib/zoned-time';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const ZONES = ['America/New_York', 'Europe/London'] as const;

/** Instants around 2020–2032, whole minutes (wall times are "HH:MM"). */
const instant = fc
  .integer({ min: Date.UTC(2020, 0, 1) / MINUTE, max: Date.UTC(2032, 0, 1) / MINUTE })
  .map((minutes) => new Date(minutes * MINUTE));

/**
 * DST changes of both zones (2026): instants within a day of each, where the hand-made
 * offset arithmetic this replaced had its corner cases.
 */
const CHANGES = [
  Date.UTC(2026, 2, 8, 7), // New York springs forward at 02:00 EST
  Date.UTC(2026, 10, 1, 6), // New York falls back at 02:00 EDT
  Date.UTC(2026, 2, 29, 1), // London springs forward at 01:00 GMT
  Date.UTC(2026, 9, 25, 1), // London falls back at 02:00 BST
];
const nearChange = fc
  .tuple(fc.constantFrom(...CHANGES), fc.integer({ min: -24 * 60, max: 24 * 60 }))
  .map(([change, minutes]) => new Date(change + minutes * MINUTE));

describe('zoned time around DST changes (properties)', () => {
  it('reads an instant back from its wall date and time: the first instant of that wall time', () => {
    fc.assert(
      fc.property(fc.oneof(instant, nearChange), fc.constantFrom(...ZONES), (at, zone) => {
        const date = localDate(at, zone);
        const time = localTime(at, zone);
        const back = zonedWallTimeToUtc(date, time, zone);
        expect(localDate(back, zone)).toBe(date);
        expect(localTime(back, zone)).toBe(time);
        // the same instant, or (an autumn wall time that occurs twice) its first, an hour before
        expect([0, HOUR]).toContain(at.getTime() - back.getTime());
        if (back.getTime() !== at.getTime()) {
          expect(localTime(new Date(at.getTime() - HOUR), zone)).toBe(time);
        }
      }),
    );
  });

  it('moves a wall time that does not exist forward by the gap', () => {
    const springGaps = [
      { date: '2026-03-08', zone: 'America/New_York', hour: 2, firstUtc: Date.UTC(2026, 2, 8, 7) },
      { date: '2026-03-29', zone: 'Europe/London', hour: 1, firstUtc: Date.UTC(2026, 2, 29, 1) },
    ];
    fc.assert(
      fc.property(fc.constantFrom(...springGaps), fc.integer({ min: 0, max: 59 }), (gap, mm) => {
        const time = `${String(gap.hour).padStart(2, '0')}:${String(mm).padStart(2, '0')}`;
        const instantOf = zonedWallTimeToUtc(gap.date, time, gap.zone);
        // read with the offset before the change: an hour later on the wall clock
        expect(instantOf.getTime()).toBe(gap.firstUtc + mm * MINUTE);
        expect(localTime(instantOf, gap.zone)).toBe(
          `${String(gap.hour + 1).padStart(2, '0')}:${String(mm).padStart(2, '0')}`,
        );
      }),
    );
  });

  it('writes an ISO string with the offset in force, which names the same instant', () => {
    fc.assert(
      fc.property(fc.oneof(instant, nearChange), fc.constantFrom(...ZONES), (at, zone) => {
        const iso = zonedIso(at, zone);
        expect(iso).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/);
        expect(new Date(iso).getTime()).toBe(at.getTime());
        expect(iso.slice(0, 10)).toBe(localDate(at, zone));
        expect(iso.slice(11, 16)).toBe(localTime(at, zone));
      }),
    );
  });
});

describe('a wall time to its instant, by the day’s steady offset (properties)', () => {
  /** Zones with whole-hour, half-hour and southern DST, a negative DST and 45-minute offsets. */
  const MANY_ZONES = [
    'America/New_York',
    'Europe/London',
    'Europe/Dublin',
    'Australia/Lord_Howe',
    'Pacific/Chatham',
    'America/Santiago',
    'Africa/Casablanca',
    'Asia/Kathmandu',
    'UTC',
  ] as const;
  const day = fc
    .integer({ min: Date.UTC(1995, 0, 1) / DAY, max: Date.UTC(2045, 0, 1) / DAY })
    .map((days) => new Date(days * DAY).toISOString().slice(0, 10));
  const wallTime = fc
    .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
    .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);

  /** Temporal's 'compatible' reading, asked of @internationalized/date every time. */
  const reference = (date: string, time: string, zone: string) => {
    const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
    const [h, mi] = time.split(':').map(Number) as [number, number];
    return toZoned(new CalendarDateTime(y, mo, d, h, mi), zone, 'compatible').toDate();
  };

  it('answers what the full conversion answers, on any day and at any time', () => {
    fc.assert(
      fc.property(day, wallTime, fc.constantFrom(...MANY_ZONES), (date, time, zone) => {
        expect(zonedWallTimeToUtc(date, time, zone)).toEqual(reference(date, time, zone));
      }),
      { numRuns: 2000 },
    );
  });

  it('answers what the full conversion answers on the days the offset changes', () => {
    // every day of 2026 in zones whose changes fall on different days and hours
    const days2026 = Array.from({ length: 365 }, (_, i) =>
      new Date(Date.UTC(2026, 0, 1) + i * DAY).toISOString().slice(0, 10),
    );
    for (const zone of ['America/New_York', 'Australia/Lord_Howe', 'Africa/Casablanca']) {
      for (const date of days2026) {
        for (const time of ['00:00', '00:30', '01:30', '02:00', '02:30', '03:00', '23:59']) {
          expect(zonedWallTimeToUtc(date, time, zone)).toEqual(reference(date, time, zone));
        }
      }
    }
  });
});
