import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { localDate, localTime, zonedIso, zonedWallTimeToUtc } from '@/lib/zoned-time';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
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
