import { minutesOfDay } from '@admit/contracts/rules/message-rules';
import { UNLIMITED_CAPACITY } from '@admit/contracts/constants';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import { localDate, localTime } from '@/lib/zoned-time';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeEvent, makeSeller, makeSession, type SellerRow } from '@/testing/factories';
import { dayStatus } from './calendar-day';
import { selectJudgedSessions, selectSessionDays, type GroupRow, type TypeRow } from './repo';
import type { Fit } from './selection-fit';
import { sessionFitSql } from './session-fit-sql';
import { groupHasRoomAt, type SessionFacts } from './status-rules';
import { groupFacts } from './availability-test-kit';

/**
 * The set-based reads (session-fit-sql.ts, repo.ts) against the per-session rules they replace,
 * on random sessions and groups: each session's state is `groupHasRoomAt` over the sellable
 * groups, each day is the sessions grouped by `localDate` in the venue's zone, its status
 * `dayStatus`, its capacity the sum (-1 when one session is unlimited), its minutes
 * `minutesOfDay(localTime(…))`. Starts straddle `now` and DST changes in several zones.
 */

const ZONES = ['America/New_York', 'Europe/London', 'Australia/Lord_Howe', 'Asia/Kolkata', 'UTC'];
// nights when the clocks change (New York, London), and an ordinary one
const NOWS = ['2026-11-01T04:30:00Z', '2027-03-28T00:30:00Z', '2026-11-22T12:00:00Z'];

/** The per-session rule as the reads applied it before they moved to SQL. */
function perSessionFit(session: SessionFacts, sellable: GroupRow[], now: Date): Fit {
  if (session.startDatetime.getTime() <= now.getTime()) return 'unavailable';
  if (sellable.length === 0) return 'unavailable';
  return sellable.some((g) => groupHasRoomAt(g, session)) ? 'available' : 'sold_out';
}

const sessionArb = fc.record({
  // seconds from now: a day before to three days after, at any second
  offset: fc.integer({ min: -86_400, max: 3 * 86_400 }),
  capacity: fc.oneof(fc.constant(UNLIMITED_CAPACITY), fc.integer({ min: 0, max: 5 })),
  oversellCapacity: fc.integer({ min: 0, max: 2 }),
  usedCapacity: fc.integer({ min: 0, max: 7 }),
  soldOut: fc.boolean(),
});

const groupArb = fc.record({
  soldOut: fc.boolean(),
  capacity: fc.oneof(fc.constant(UNLIMITED_CAPACITY), fc.integer({ min: 0, max: 3 })),
  usedCapacity: fc.integer({ min: 0, max: 4 }),
  excludeFromEventCapacity: fc.boolean(),
  /** whether it has an available type on sale */
  hasType: fc.boolean(),
});

const caseArb = fc.record({
  zone: fc.constantFrom(...ZONES),
  now: fc.constantFrom(...NOWS),
  sessions: fc.array(sessionArb, { minLength: 1, maxLength: 8 }),
  groups: fc.array(groupArb, { maxLength: 4 }),
});

describeEachDatabase('set-based availability equals the per-session rule', (ctx) => {
  let seller: SellerRow;
  beforeAll(async () => {
    seller = await makeSeller(ctx.db);
  });

  it('per session and per venue-local day, on random data', async () => {
    await fc.assert(
      fc.asyncProperty(caseArb, async (c) => {
        const now = new Date(c.now);
        const event = await makeEvent(ctx.db, seller);
        const sessions = [];
        for (const s of c.sessions) {
          const start = new Date(now.getTime() + s.offset * 1000);
          sessions.push(
            await makeSession(ctx.db, event, {
              startDatetime: start,
              endDatetime: new Date(start.getTime() + 30 * 60_000),
              capacity: s.capacity,
              oversellCapacity: s.oversellCapacity,
              usedCapacity: s.usedCapacity,
              soldOut: s.soldOut,
            }),
          );
        }
        const groups = c.groups.map(
          (g, i) => groupFacts({ ...g, id: `g${i}`, oversellCapacity: 0 }) as unknown as GroupRow,
        );
        const types = c.groups.flatMap((g, i) =>
          g.hasType ? [{ id: `t${i}`, ticketGroupId: `g${i}`, available: true } as TypeRow] : [],
        );
        const sellable = groups.filter((_, i) => c.groups[i]!.hasType);
        const fit = sessionFitSql({ onSale: groups, onSaleTypes: types, now });

        const judged = await selectJudgedSessions(ctx.db, event.id, { fit, where: sql`true` });
        expect(judged.total).toBe(sessions.length);
        const expected = new Map(sessions.map((s) => [s.id, perSessionFit(s, sellable, now)]));
        for (const row of judged.rows) expect(row.fit).toBe(expected.get(row.session.id));

        const days = await selectSessionDays(ctx.db, event.id, {
          fit,
          where: sql`true`,
          timeZone: c.zone,
          withMinutes: true,
        });
        const byDate = new Map<string, typeof sessions>();
        for (const s of sessions) {
          const date = localDate(s.startDatetime, c.zone);
          byDate.set(date, [...(byDate.get(date) ?? []), s]);
        }
        expect(days.map((d) => d.date)).toEqual([...byDate.keys()].sort());
        for (const day of days) {
          const daySessions = byDate.get(day.date)!;
          const fits = daySessions.map((s) => expected.get(s.id)!);
          const status = dayStatus(fits);
          expect(day.anyAvailable).toBe(status === 'available');
          expect(day.anySoldOut).toBe(fits.includes('sold_out'));
          const unlimited = daySessions.some((s) => s.capacity === UNLIMITED_CAPACITY);
          expect(day.unlimited).toBe(unlimited);
          if (!unlimited) {
            expect(day.capacity).toBe(daySessions.reduce((sum, s) => sum + s.capacity, 0));
          }
          expect(day.usedCapacity).toBe(daySessions.reduce((sum, s) => sum + s.usedCapacity, 0));
          const minutes = daySessions.map((s) => minutesOfDay(localTime(s.startDatetime, c.zone)));
          expect([...day.minutes].sort((a, b) => a - b)).toEqual(
            [...new Set(minutes)].sort((a, b) => a - b),
          );
        }
      }),
      { numRuns: 100 },
    );
  });
});
