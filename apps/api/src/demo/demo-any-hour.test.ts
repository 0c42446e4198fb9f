import type { FastifyInstance } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import {
  calendarExtendedResponseSchema,
  sessionsResponseSchema,
  type PricedSession,
} from '@admit/contracts/availability';
import * as catalogTables from '@/db/schema/catalog';
import * as membershipTables from '@/db/schema/memberships';
import { addDays, localDate, localTime, zonedWallTimeToUtc } from '@/lib/zoned-time';
import { buildTestApp } from '@/testing/build-test-app';
import { describeEachDatabase } from '@/testing/describe-each-database';
// the e2e helpers' own choice and reads (e2e/support/reserve.ts, reserve-flow.ts)
import {
  calendarPath,
  lowSessionFor,
  openSessionsPath,
  plannableDays,
  sessionFor,
  sessionsOnPath,
  unfitReasons,
  type SessionNeed,
} from '../../../../e2e/support/session-choice';
import { demoEventId, demoId } from './demo-ids';
import type * as PasswordHash from '@/modules/users/password-hash';
import { DEMO_SELLERS } from './demo-sellers';
import { seedDemo } from './seed-demo';

// Issue #11 §6: the e2e suite failed at 23:51 UTC because its session choice depended on the
// hour. Here the demo is seeded at every hour of a day and around both DST changes of each demo
// seller's zone, and the e2e helpers' choices and the seed's special sessions are checked there.

const SELLER = 'demo-museum';
const MUSEUM = DEMO_SELLERS.find((s) => s.slug === SELLER)!;
const ADMISSION = demoEventId(SELLER, 'general-admission');
const FREE_EVENT = demoEventId(SELLER, 'sketching-hour');
const TOUR = demoEventId(SELLER, 'private-group-tour');
const DAY_MS = 86_400_000;

/** Spring-forward and fall-back days of 2026 in the demo sellers' zones. */
const DST_DAYS: Record<string, [spring: string, fall: string]> = {
  'America/New_York': ['2026-03-08', '2026-11-01'],
  'Europe/London': ['2026-03-29', '2026-10-25'],
};

/** 24 runs at HH:51 UTC (23:51 UTC is 18:51 in New York), then 4 around each DST change. */
const NOW_ISOS: string[] = [
  ...Array.from({ length: 24 }, (_, h) => `2026-11-24T${String(h).padStart(2, '0')}:51:00Z`),
  ...DEMO_SELLERS.flatMap((demo) =>
    DST_DAYS[demo.timezone]!.flatMap((date) => [
      zonedWallTimeToUtc(date, '00:30', demo.timezone).toISOString(),
      zonedWallTimeToUtc(date, '03:30', demo.timezone).toISOString(),
      zonedWallTimeToUtc(date, '19:51', demo.timezone).toISOString(),
      `${date}T23:51:00Z`,
    ]),
  ),
];
const NOWS = [...new Set(NOW_ISOS)].map((iso) => new Date(iso));

// Password hashes never depend on the date: each is made once, not on each of the 40 seeds,
// which keeps this file fast (argon2 is much of a seed; the seed reads its pictures once itself).
function memo<A extends unknown[], R>(make: (...args: A) => Promise<R>) {
  const done = new Map<string, Promise<R>>();
  return (...args: A) => {
    const key = JSON.stringify(args);
    if (!done.has(key)) done.set(key, make(...args));
    return done.get(key)!;
  };
}
vi.mock('@/modules/users/password-hash', async (importOriginal) => {
  const real = await importOriginal<typeof PasswordHash>();
  return { ...real, hashPassword: memo(real.hashPassword) };
});

/** Seeding under a wrong system clock proves the seed reads only `now`. */
const WRONG_CLOCK = new Date('2001-02-03T04:05:06Z');

describeEachDatabase('the demo seed and the e2e session choices at any hour', (ctx) => {
  let app: FastifyInstance;
  let clock = NOWS[0]!;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: () => clock });
  });
  afterAll(async () => {
    await app.close();
  });

  const read = async (path: string) => {
    const res = await app.inject({ method: 'GET', url: path, headers: { 'tix-app': 'ecomm' } });
    expect(res.statusCode, `GET ${path}`).toBe(200);
    return res.json();
  };
  const openSessions = async (eventId: string, startsAfter?: string) =>
    sessionsResponseSchema.parse(await read(openSessionsPath(SELLER, eventId, { startsAfter })))
      .event_session._data;

  /** Empties the database and seeds the demo as a server starting at `now` would. */
  async function seedAt(now: Date) {
    await ctx.db.execute(sql`truncate table seller cascade`);
    vi.useFakeTimers({ toFake: ['Date'], now: WRONG_CLOCK });
    try {
      expect(await seedDemo(ctx.db, { now })).toEqual({ seeded: true });
    } finally {
      vi.useRealTimers();
    }
    clock = now;
  }

  function expectFits(session: PricedSession | undefined, need: SessionNeed, what: string) {
    expect(session, `${what}: no session chosen`).toBeDefined();
    expect(unfitReasons(session!, need), what).toEqual([]);
  }

  it('the DST days are DST changes in the demo sellers’ zones', () => {
    for (const demo of DEMO_SELLERS) {
      for (const date of DST_DAYS[demo.timezone]!) {
        const day = zonedWallTimeToUtc(addDays(date, 1), '00:00', demo.timezone).getTime();
        const hours = (day - zonedWallTimeToUtc(date, '00:00', demo.timezone).getTime()) / 3.6e6;
        expect([23, 25], `${demo.timezone} ${date}`).toContain(hours);
      }
    }
  });

  it('the old choice (first session with sold_out=F) takes a low-availability session at 23:51 UTC', async () => {
    const now = new Date('2026-11-24T23:51:00Z');
    await seedAt(now);
    const [first] = await openSessions(ADMISSION);
    // tomorrow 10:30 in New York, 5 places left: earlier specs on the shared server took the rest
    expect(localTime(new Date(first!.start_datetime), MUSEUM.timezone)).toBe('10:30');
    expect(unfitReasons(first!, { places: 2, now: now.getTime() })).toEqual([
      'low availability (5 left)',
    ]);
  });

  it.each(NOWS.map((now) => [now.toISOString(), now] as const))(
    'seeded at %s: every e2e choice fits and the special sessions are there',
    async (_, now) => {
      await seedAt(now);
      const at = now.getTime();
      const today = localDate(now, MUSEUM.timezone);

      // reserveAsThisGuest: admission and the free event (2 places), the tour in two weeks (1)
      for (const eventId of [ADMISSION, FREE_EVENT]) {
        const need = { places: 2, now: at };
        expectFits(sessionFor(await openSessions(eventId), need), need, eventId);
      }
      const startsAfter = new Date(at + 14 * DAY_MS).toISOString();
      const tourNeed = { places: 1, now: at, startsAfter };
      expectFits(sessionFor(await openSessions(TOUR, startsAfter), tourNeed), tourNeed, 'tour');

      // planReserve: a roomy session for 2 + 1 and a "Hurry" one among the date buttons
      const calendar = calendarExtendedResponseSchema.parse(
        await read(calendarPath(SELLER, ADMISSION)),
      ).calendar._data;
      const days = plannableDays(calendar);
      expect(days).toHaveLength(7);
      const byDay = await Promise.all(
        days.map(
          async (d) =>
            sessionsResponseSchema.parse(await read(sessionsOnPath(SELLER, ADMISSION, d.date)))
              .event_session._data,
        ),
      );
      const roomy = byDay.map((s) => sessionFor(s, { places: 3, now: at })).find(Boolean);
      expectFits(roomy, { places: 3, now: at }, 'date-first plan');
      const low = byDay.map((s) => lowSessionFor(s, { places: 1, now: at })).find(Boolean);
      expect(low, 'a low-availability session on a date button').toBeDefined();

      // the seed's sold-out session: tomorrow 10:00 venue time (demo-availability.test.ts)
      const tomorrow = addDays(today, 1);
      const onTomorrow = sessionsResponseSchema.parse(
        await read(sessionsOnPath(SELLER, ADMISSION, tomorrow)),
      ).event_session._data;
      expect(onTomorrow[0]).toMatchObject({ startTime: '10:00', sold_out: true });
      expect(onTomorrow.slice(1).every((s) => !s.sold_out)).toBe(true);

      // the member's membership and the any-date group are dated from `now` too
      const [membership] = await ctx.db
        .select()
        .from(membershipTables.membership)
        .where(eq(membershipTables.membership.memberCode, 'DM100001'));
      expect(membership!.validFrom!.getTime()).toBeLessThan(at);
      expect(membership!.validTo!.getTime()).toBeGreaterThan(at);
      const [anyDate] = await ctx.db
        .select({ from: catalogTables.ticketGroup.startPolicyDate })
        .from(catalogTables.ticketGroup)
        .where(
          and(
            eq(catalogTables.ticketGroup.id, demoId(`${ADMISSION}/group/any-date`)),
            eq(catalogTables.ticketGroup.sellerId, demoId(`${SELLER}/seller`)),
          ),
        );
      expect(anyDate!.from).toEqual(zonedWallTimeToUtc(today, '00:00', MUSEUM.timezone));
    },
  );
});
