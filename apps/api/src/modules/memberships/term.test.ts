import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { localDate } from '@/lib/zoned-time';
import { addMonths, boundDate, firstTerm, nextTerm, renewalAllowedFrom, type Term } from './term';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// zones with DST at 02:00 (New York), 01:00 UTC (London), the southern hemisphere (Sydney),
// at midnight (Santiago, Havana: 00:00 is skipped), at 02:45 (Chatham), and none (Kolkata)
const ZONES = [
  'America/New_York',
  'Europe/London',
  'Australia/Sydney',
  'America/Santiago',
  'America/Havana',
  'Pacific/Chatham',
  'Asia/Kolkata',
];

/** identity §3 "Membership": active when now is strictly between validFrom and validTo. */
const isActive = (term: Term, at: number) =>
  term.validFrom.getTime() < at && at < term.validTo.getTime();

describe('addMonths', () => {
  it.each([
    ['2025-01-15', 12, '2026-01-15'],
    ['2025-01-31', 1, '2025-02-28'],
    ['2024-02-29', 12, '2025-02-28'],
    ['2025-11-30', 3, '2026-02-28'],
    ['2025-12-01', -1, '2025-11-01'],
  ])('%s + %i months = %s', (date, months, expected) => {
    expect(addMonths(date, months)).toBe(expected);
  });
});

describe('membership terms (seller time zone)', () => {
  it('runs a first term from the start of the purchase day to the same day a year later', () => {
    // 2025-03-08 22:30 in New York is 03:30 UTC on the 9th; the DST change is on the 9th
    const term = firstTerm(new Date('2025-03-09T03:30:00Z'), 12, 'America/New_York');
    expect(term.validFrom.toISOString()).toBe('2025-03-08T05:00:00.000Z');
    expect(term.validTo.toISOString()).toBe('2026-03-08T05:00:00.000Z');
  });

  it('renews from the old end, across the spring DST change (a 23-hour day inside)', () => {
    const previous = new Date('2025-03-01T05:00:00Z');
    const term = nextTerm(previous, 1, 'America/New_York');
    expect(term.validFrom).toEqual(previous);
    // April 1st midnight is EDT: one hour less than 31 × 24 h
    expect(term.validTo.toISOString()).toBe('2025-04-01T04:00:00.000Z');
    expect(term.validTo.getTime() - term.validFrom.getTime()).toBe(31 * DAY - HOUR);
  });

  it('opens renewal at the start of the day renewalDays before the end', () => {
    const opens = renewalAllowedFrom(new Date('2026-03-08T05:00:00Z'), 60, 'America/New_York');
    expect(opens.toISOString()).toBe('2026-01-07T05:00:00.000Z');
  });

  // spec: "Renewing inside the renewal period extends from the old validTo (no gap, no overlap)"
  it('property: a chain of renewals has no gap and no overlap, across DST changes', () => {
    const start = fc.integer({
      min: Date.UTC(2020, 0, 1),
      max: Date.UTC(2040, 0, 1),
    });
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        start,
        fc.integer({ min: 1, max: 24 }),
        fc.integer({ min: 1, max: 6 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (zone, startMs, months, renewals, probe) => {
          const terms = [firstTerm(new Date(startMs), months, zone)];
          for (let i = 0; i < renewals; i++) {
            terms.push(nextTerm(terms.at(-1)!.validTo, months, zone));
          }
          const first = terms[0]!;
          // the purchase instant lies within the first term (or on its first bound)
          expect(first.validFrom.getTime()).toBeLessThanOrEqual(startMs);
          expect(first.validTo.getTime()).toBeGreaterThan(startMs);
          for (const [i, term] of terms.entries()) {
            expect(term.validTo.getTime()).toBeGreaterThan(term.validFrom.getTime());
            const days = (term.validTo.getTime() - term.validFrom.getTime()) / DAY;
            expect(days).toBeGreaterThan(28 * months - 1.5);
            expect(days).toBeLessThan(31 * months + 1.5);
            if (i === 0) continue;
            const previous = terms[i - 1]!;
            // no gap, no overlap: each term starts at the very instant the previous ends
            expect(term.validFrom.getTime()).toBe(previous.validTo.getTime());
            // and ends on its calendar day, months later (no drift)
            expect(boundDate(term.validTo, zone)).toBe(
              addMonths(boundDate(previous.validTo, zone), months),
            );
          }
          // any instant between the chain's bounds (other than a bound itself) is in one term
          const from = first.validFrom.getTime();
          const to = terms.at(-1)!.validTo.getTime();
          const at = Math.floor(from + (to - from) * probe);
          const bounds = new Set(
            terms.flatMap((t) => [t.validFrom.getTime(), t.validTo.getTime()]),
          );
          fc.pre(!bounds.has(at) && at > from && at < to);
          expect(terms.filter((t) => isActive(t, at))).toHaveLength(1);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('names the purchase day in the zone, not in UTC', () => {
    const at = new Date('2025-07-01T02:00:00Z'); // still June 30th in New York
    expect(localDate(firstTerm(at, 12, 'America/New_York').validFrom, 'America/New_York')).toBe(
      '2025-06-30',
    );
  });
});
