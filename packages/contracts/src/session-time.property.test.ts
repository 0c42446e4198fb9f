import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatInZone } from './session-time';
import { wallMidnightInstant, zoneOffsetMinutes } from './zone-arithmetic';

const MINUTE = 60_000;
const ZONES = ['America/New_York', 'Europe/London'] as const;

/** Calendar days 2020–2032, as Date.UTC's year, month index and day. */
const day = fc
  .integer({ min: Date.UTC(2020, 0, 1) / 86_400_000, max: Date.UTC(2032, 0, 1) / 86_400_000 })
  .map((days) => new Date(days * 86_400_000))
  .map((d) => [d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()] as const);

/** 2026's DST changes: New York spring and autumn, London spring and autumn. */
const CHANGES = [
  Date.UTC(2026, 2, 8, 7),
  Date.UTC(2026, 10, 1, 6),
  Date.UTC(2026, 2, 29, 1),
  Date.UTC(2026, 9, 25, 1),
];
const nearChange = fc
  .tuple(fc.constantFrom(...CHANGES), fc.integer({ min: -180, max: 180 }))
  .map(([change, minutes]) => change + minutes * MINUTE);

describe('session time around DST changes (properties)', () => {
  it("finds the instant of a day's midnight, whose wall clock reads 00:00 of that day", () => {
    fc.assert(
      fc.property(day, fc.constantFrom(...ZONES), ([year, monthIndex, date], zone) => {
        const midnight = wallMidnightInstant(year, monthIndex, date, zone);
        const wall = midnight + zoneOffsetMinutes(midnight, zone) * MINUTE;
        expect(wall).toBe(Date.UTC(year, monthIndex, date));
        expect(formatInZone(new Date(midnight).toISOString(), 'h:mm A', zone)).toBe('12:00 AM');
      }),
    );
  });

  it('switches the offset by one hour exactly at each change, and only there', () => {
    fc.assert(
      fc.property(nearChange, (instant) => {
        const change = CHANGES.find((c) => Math.abs(instant - c) <= 180 * MINUTE)!;
        const zone = CHANGES.indexOf(change) < 2 ? 'America/New_York' : 'Europe/London';
        const before = zoneOffsetMinutes(change - 1, zone);
        const after = zoneOffsetMinutes(change, zone);
        expect(Math.abs(after - before)).toBe(60);
        expect(zoneOffsetMinutes(instant, zone)).toBe(instant < change ? before : after);
      }),
    );
  });
});
