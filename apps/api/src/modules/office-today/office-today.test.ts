import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { officeOrderResponseSchema } from '@admit/contracts/office-orders';
import { officeTodayResponseSchema } from '@admit/contracts/office-reports';
import { makeApiKey, scan } from '@/modules/check-in/check-in-test-kit';
import { buyOrder } from '@/modules/manage/manage-test-kit';
import { makeStaff, officeCall, officeLogin } from '@/modules/office/office.test-kit';
import { buildTestApp } from '@/testing/build-test-app';
import { makeReserveScene, type ReserveScene } from '@/testing/cart-fixtures';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeSession, type SessionRow } from '@/testing/factories';
import { eq } from 'drizzle-orm';
import { ticket } from '@/db/schema/cart';

/**
 * GET /api/office/today (decision 0088): the venue's day by the server's clock, per role, never
 * another seller's sessions, and a scan at the door moving checked-in and due.
 */

// 10:00 in New York, the scene's zone; its session starts at 14:00 that day
const NOW = new Date('2029-06-01T14:00:00Z');
const TWO_PM = new Date('2029-06-01T18:00:00Z');

describeEachDatabase('office today: the day at the door', (ctx) => {
  let app: FastifyInstance;
  let clock = NOW;
  let museum: ReserveScene;
  let aquarium: ReserveScene;
  let lateTonight: SessionRow;
  let tomorrow: SessionRow;
  let yesterday: SessionRow;
  let theirs: string;
  const cookies = { owner: '', box_office: '', door: '' };

  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: () => clock, env: { MAIL_POLL_MS: '0' } });
    museum = await makeReserveScene(ctx.db, {
      type: { amount: 0 },
      session: { startDatetime: TWO_PM, capacity: 40 },
    });
    // 23:30 tonight in New York is already tomorrow in UTC; 00:30 tomorrow is not today
    lateTonight = await makeSession(ctx.db, museum.event, {
      startDatetime: new Date('2029-06-02T03:30:00Z'),
      capacity: -1,
    });
    tomorrow = await makeSession(ctx.db, museum.event, {
      startDatetime: new Date('2029-06-02T04:30:00Z'),
      capacity: 10,
    });
    yesterday = await makeSession(ctx.db, museum.event, {
      startDatetime: new Date('2029-06-01T03:30:00Z'),
      capacity: 10,
    });
    aquarium = await makeReserveScene(ctx.db, {
      type: { amount: 0 },
      session: { startDatetime: TWO_PM, capacity: 99 },
    });
    await buyOrder(app, aquarium, 2);
    for (const role of ['owner', 'box_office', 'door'] as const) {
      const user = await makeStaff(ctx.db, museum.seller.id, role);
      cookies[role] = await officeLogin(app, museum.seller.slug, user.email);
    }
    const aquariumOwner = await makeStaff(ctx.db, aquarium.seller.id, 'owner');
    theirs = await officeLogin(app, aquarium.seller.slug, aquariumOwner.email);
  });
  afterAll(() => app.close());

  const today = async (cookie: string, slug = museum.seller.slug) => {
    const res = await officeCall(app, { path: 'today', slug, cookie });
    expect(res.statusCode, res.body).toBe(200);
    return officeTodayResponseSchema.parse(res.json());
  };

  it('shows every role the sessions starting on the venue’s date, by the server’s clock', async () => {
    for (const cookie of Object.values(cookies)) {
      const body = await today(cookie);
      expect(body.office_day._data).toEqual([
        { date: '2029-06-01', timezone: 'America/New_York', as_of: NOW.toISOString() },
      ]);
      expect(body.event_session._data.map((s) => s.id)).toEqual([
        museum.session.id,
        lateTonight.id,
      ]);
      expect(body.event_session._data[1]).toMatchObject({ capacity: null, sold: 0, due: 0 });
    }
    expect((await officeCall(app, { path: 'today', slug: museum.seller.slug })).statusCode).toBe(
      401,
    );
    // tomorrow by the clock: the next venue day's sessions
    clock = new Date('2029-06-02T14:00:00Z');
    try {
      // the day's sessions are over 12 hours old by then: a fresh sign-in
      const door = await makeStaff(ctx.db, museum.seller.id, 'door');
      const next = await today(await officeLogin(app, museum.seller.slug, door.email));
      expect(next.office_day._data[0]!.date).toBe('2029-06-02');
      expect(next.event_session._data.map((s) => s.id)).toEqual([tomorrow.id]);
    } finally {
      clock = NOW;
    }
    expect((await today(cookies.owner)).event_session._data.map((s) => s.id)).not.toContain(
      yesterday.id,
    );
  });

  it('never shows another seller’s sessions or counts, nor lets their staff in', async () => {
    const mine = await today(cookies.owner);
    const ids = mine.event_session._data.map((s) => s.id);
    expect(ids).not.toContain(aquarium.session.id);
    const other = await today(theirs, aquarium.seller.slug);
    expect(other.event_session._data).toEqual([
      expect.objectContaining({ id: aquarium.session.id, sold: 2, capacity: 99 }),
    ]);
    // the aquarium's owner's cookie is no session of the museum's
    const crossed = await officeCall(app, {
      path: 'today',
      slug: museum.seller.slug,
      cookie: theirs,
    });
    expect(crossed.statusCode).toBe(401);
  });

  it('moves checked-in and due when a ticket is scanned at the door, and charts the arrival', async () => {
    const order = await buyOrder(app, museum, 3);
    const before = (await today(cookies.door)).event_session._data[0]!;
    expect(before).toMatchObject({ capacity: 40, sold: 3, checked_in: 0, due: 3 });

    const key = (await makeApiKey(ctx.db, museum.seller.slug, 'Door 1', NOW)).key;
    const [first] = await ctx.db.select().from(ticket).where(eq(ticket.id, order.ticketIds[0]!));
    const scanned = await scan(app, key, first!.scanCode!);
    expect(scanned.statusCode, scanned.body).toBe(200);

    const after = await today(cookies.door);
    expect(after.event_session._data[0]).toMatchObject({ sold: 3, checked_in: 1, due: 2 });
    // scanned at 10:00 venue time; the 14:00 session expects 3 of its 40 places
    const hours = Object.fromEntries(after.arrival_hour._data.map((h) => [h.hour, h]));
    expect(hours['10:00']).toMatchObject({ arrivals: 1, expected: 0, capacity: 0 });
    expect(hours['14:00']).toMatchObject({ arrivals: 0, expected: 3, capacity: 40 });
    expect(after.arrival_hour._data.at(-1)!.hour).toBe('23:00');
    expect(after.arrival_hour._data.reduce((n, h) => n + h.arrivals, 0)).toBe(1);
  });

  it('shows a ticket’s scan on its order; a re-issued code admits where the lost one is unknown', async () => {
    const order = await buyOrder(app, museum, 2);
    const key = (await makeApiKey(ctx.db, museum.seller.slug, 'East door', NOW)).key;
    const codeOf = async (id: string) =>
      (await ctx.db.select().from(ticket).where(eq(ticket.id, id)))[0]!.scanCode!;
    const [scannedId, lostId] = order.ticketIds as [string, string];
    expect((await scan(app, key, await codeOf(scannedId))).statusCode).toBe(200);

    const view = async () => {
      const res = await officeCall(app, {
        path: `ticket_order/${order.orderId}`,
        slug: museum.seller.slug,
        cookie: cookies.box_office,
      });
      expect(res.statusCode, res.body).toBe(200);
      const tickets = officeOrderResponseSchema.parse(res.json()).ticket_order._data[0]!
        .tickets_detail;
      return new Map(tickets.map((t) => [t.id, t]));
    };
    const seen = await view();
    expect(seen.get(scannedId)).toMatchObject({
      state: 'redeemed',
      redeemed_at: clock.toISOString(),
      redeemed_by: 'East door',
    });
    expect(seen.get(lostId)).toMatchObject({
      state: 'booked',
      redeemed_at: null,
      redeemed_by: null,
    });

    const lostCode = await codeOf(lostId);
    const reissued = await officeCall(app, {
      method: 'POST',
      path: `ticket_order/${order.orderId}/reissue_code`,
      slug: museum.seller.slug,
      cookie: cookies.box_office,
      body: { ticket_id: lostId, reason: 'Ticket lost' },
    });
    expect(reissued.statusCode, reissued.body).toBe(200);
    const refused = await scan(app, key, lostCode);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()._data[0]._code).toBe('unknown_code');
    expect((await scan(app, key, await codeOf(lostId))).statusCode).toBe(200);
    expect((await view()).get(lostId)).toMatchObject({
      state: 'redeemed',
      redeemed_by: 'East door',
    });
  });
});
