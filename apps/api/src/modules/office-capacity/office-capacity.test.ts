import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '@/app';
import { ticket } from '@/db/schema/cart';
import { eventSession } from '@/db/schema/sessions';
import { testConfig } from '@/testing/build-test-app';
import { addBody, cartCall, makeReserveScene, type ReserveScene } from '@/testing/cart-fixtures';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeSession } from '@/testing/factories';
import { auditOf, makeStaff, officeCall, officeLogin } from '@/modules/office/office.test-kit';

/**
 * The capacity screen (decision 0089): each role's reach, another seller's sessions out of
 * reach, the preview changing nothing, a capacity below the places taken refused unless said
 * so, closing stopping new sales only, and an audit record per write.
 */

const NOW = new Date('2029-06-01T12:00:00Z');
// 2029-06-10 15:00 UTC is 11:00 in New York, the factories' venue zone
const DAY = '2029-06-10';
const START = new Date('2029-06-10T15:00:00Z');

describeEachDatabase('office: capacity', (ctx) => {
  let app: FastifyInstance;
  let museum: ReserveScene;
  let aquarium: ReserveScene;
  const cookie = { owner: '', box_office: '', door: '', otherOwner: '' };

  beforeAll(async () => {
    app = await buildApp({ config: testConfig(), database: ctx.database, now: () => NOW });
    await app.ready();
    museum = await makeReserveScene(ctx.db, { session: { capacity: 10, startDatetime: START } });
    aquarium = await makeReserveScene(ctx.db, { session: { capacity: 10, startDatetime: START } });
    for (const role of ['owner', 'box_office', 'door'] as const) {
      const user = await makeStaff(ctx.db, museum.seller.id, role);
      cookie[role] = await officeLogin(app, museum.seller.slug, user.email);
    }
    const theirs = await makeStaff(ctx.db, aquarium.seller.id, 'owner');
    cookie.otherOwner = await officeLogin(app, aquarium.seller.slug, theirs.email);
    // 4 places taken on the museum's session: 3 held in a cart, 1 of them then sold
    const held = await cartCall(app, museum.seller, {
      method: 'POST',
      path: 'my/cart/modify',
      body: addBody(museum, 4),
    });
    expect(held.statusCode, held.body).toBe(201);
    const [one] = await ctx.db
      .select({ id: ticket.id })
      .from(ticket)
      .where(eq(ticket.eventSessionId, museum.session.id));
    await ctx.db.update(ticket).set({ state: 'booked' }).where(eq(ticket.id, one!.id));
  });
  afterAll(() => app.close());

  const slug = () => museum.seller.slug;
  const sessionRow = async (id: string) =>
    (await ctx.db.select().from(eventSession).where(eq(eventSession.id, id)))[0]!;
  const patch = (who: string, id: string, body: object) =>
    officeCall(app, {
      method: 'PATCH',
      path: `session_capacity/${id}`,
      slug: slug(),
      cookie: who,
      body: { reason: 'burst pipe', ...body },
    });

  it('lists the day with held and sold places for owner and box office, never door', async () => {
    for (const role of ['owner', 'box_office'] as const) {
      const res = await officeCall(app, {
        path: `session_capacity?_ondate=${DAY}`,
        slug: slug(),
        cookie: cookie[role],
      });
      expect(res.statusCode, res.body).toBe(200);
      const rows = res.json().session_capacity._data;
      // the aquarium's session on the same day is not the museum's
      expect(rows).toEqual([
        expect.objectContaining({
          id: museum.session.id,
          capacity: 10,
          used_capacity: 4,
          held: 3,
          sold: 1,
          closed: false,
        }),
      ]);
    }
    const door = await officeCall(app, {
      path: `session_capacity?_ondate=${DAY}`,
      slug: slug(),
      cookie: cookie.door,
    });
    expect(door.statusCode).toBe(403);
    const noDay = await officeCall(app, {
      path: 'session_capacity',
      slug: slug(),
      cookie: cookie.owner,
    });
    expect(noDay.statusCode).toBe(400);
  });

  it('refuses door, strangers and another seller on every write, changing nothing', async () => {
    const writes = [
      {
        method: 'PATCH',
        path: `session_capacity/${museum.session.id}`,
        body: { capacity: 2, reason: 'x' },
      },
      { method: 'POST', path: 'closed_date', body: { date: DAY, closed: true, reason: 'x' } },
    ] as const;
    for (const write of writes) {
      const door = await officeCall(app, { ...write, slug: slug(), cookie: cookie.door });
      expect(door.statusCode, write.path).toBe(403);
      const theirs = await officeCall(app, { ...write, slug: slug(), cookie: cookie.otherOwner });
      expect(theirs.statusCode, write.path).toBe(401);
      expect((await officeCall(app, { ...write, slug: slug() })).statusCode).toBe(401);
    }
    // the aquarium's owner on their own seller cannot name the museum's session
    const cross = await officeCall(app, {
      method: 'PATCH',
      path: `session_capacity/${museum.session.id}`,
      slug: aquarium.seller.slug,
      cookie: cookie.otherOwner,
      body: { capacity: 2, reason: 'x' },
    });
    expect(cross.statusCode).toBe(404);
    expect(await sessionRow(museum.session.id)).toMatchObject({ capacity: 10, soldOut: false });
  });

  it('previews a change without making it, then applies it with an audit record', async () => {
    const preview = await patch(cookie.box_office, museum.session.id, {
      capacity: 6,
      dry_run: true,
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().capacity_effect._data[0]).toMatchObject({
      before: { capacity: 10, closed: false },
      after: { capacity: 6, closed: false },
      held: 3,
      sold: 1,
      available_after: 2,
      over_by: 0,
      applied: false,
    });
    expect((await sessionRow(museum.session.id)).capacity).toBe(10);
    expect(await auditOf(ctx.db, museum.seller.id, 'session.capacity')).toEqual([]);

    const applied = await patch(cookie.box_office, museum.session.id, { capacity: 6 });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().capacity_effect._data[0]).toMatchObject({ applied: true });
    expect((await sessionRow(museum.session.id)).capacity).toBe(6);
    const [record] = await auditOf(ctx.db, museum.seller.id, 'session.capacity');
    expect(record).toMatchObject({
      target: `event_session:${museum.session.id}`,
      before: { capacity: 10, closed: false, held: 3, sold: 1 },
      after: { capacity: 6, closed: false },
      reason: 'burst pipe',
    });
  });

  it('refuses a capacity below the places taken unless told, and then cancels nothing', async () => {
    const below = await patch(cookie.owner, museum.session.id, { capacity: 2 });
    expect(below.statusCode).toBe(409);
    expect(below.json()._data[0]).toMatchObject({
      _code: 'conflict',
      _context: 'session_capacity',
      _extra: { held: 3, sold: 1, over_by: 2 },
    });
    expect((await sessionRow(museum.session.id)).capacity).toBe(6);

    const meant = await patch(cookie.owner, museum.session.id, { capacity: 2, below_taken: true });
    expect(meant.statusCode, meant.body).toBe(200);
    expect(meant.json().capacity_effect._data[0]).toMatchObject({ over_by: 2, available_after: 0 });
    const row = await sessionRow(museum.session.id);
    expect(row).toMatchObject({ capacity: 2, usedCapacity: 4 });
    const tickets = await ctx.db
      .select()
      .from(ticket)
      .where(eq(ticket.eventSessionId, museum.session.id));
    expect(tickets.map((t) => t.state).sort()).toEqual(['booked', 'in_cart', 'in_cart', 'in_cart']);
    // no new sale fits
    const more = await cartCall(app, museum.seller, {
      method: 'POST',
      path: 'my/cart/modify',
      body: addBody(museum, 1),
    });
    expect(more.statusCode).toBe(422);
    // unlimited again
    const open = await patch(cookie.owner, museum.session.id, { capacity: null });
    expect(open.json().capacity_effect._data[0]).toMatchObject({
      after: { capacity: null },
      available_after: null,
    });
    expect((await sessionRow(museum.session.id)).capacity).toBe(-1);
  });

  it('closes a session (new sales stop, held and sold stay) and reopens it, each audited', async () => {
    const closed = await patch(cookie.box_office, museum.session.id, { closed: true });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(await sessionRow(museum.session.id)).toMatchObject({ soldOut: true, usedCapacity: 4 });
    const refused = await cartCall(app, museum.seller, {
      method: 'POST',
      path: 'my/cart/modify',
      body: addBody(museum, 1),
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()._data[0]._code).toBe('event_session_sold_out');
    expect(await auditOf(ctx.db, museum.seller.id, 'session.close')).toHaveLength(1);

    const reopened = await patch(cookie.box_office, museum.session.id, { closed: false });
    expect(reopened.statusCode).toBe(200);
    expect((await sessionRow(museum.session.id)).soldOut).toBe(false);
    expect(await auditOf(ctx.db, museum.seller.id, 'session.reopen')).toHaveLength(1);
  });

  it('closes a date: the preview lists its sessions, the change closes only this seller’s', async () => {
    const later = await makeSession(ctx.db, museum.event, {
      capacity: 5,
      startDatetime: new Date('2029-06-10T20:00:00Z'),
    });
    // 2029-06-11 02:00 UTC is still the 10th in New York: the venue's day, not UTC's
    const lateNight = await makeSession(ctx.db, museum.event, {
      startDatetime: new Date('2029-06-11T02:00:00Z'),
    });
    const nextDay = await makeSession(ctx.db, museum.event, {
      startDatetime: new Date('2029-06-11T15:00:00Z'),
    });
    const body = { date: DAY, closed: true, reason: 'burst pipe' };
    const preview = await officeCall(app, {
      method: 'POST',
      path: 'closed_date',
      slug: slug(),
      cookie: cookie.box_office,
      body: { ...body, dry_run: true },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const ids = preview
      .json()
      .capacity_effect._data.map((e: { event_session_id: string }) => e.event_session_id);
    expect(ids.sort()).toEqual([museum.session.id, later.id, lateNight.id].sort());
    expect(await auditOf(ctx.db, museum.seller.id, 'date.close')).toEqual([]);

    const applied = await officeCall(app, {
      method: 'POST',
      path: 'closed_date',
      slug: slug(),
      cookie: cookie.owner,
      body,
    });
    expect(applied.statusCode, applied.body).toBe(200);
    for (const id of [museum.session.id, later.id, lateNight.id]) {
      expect((await sessionRow(id)).soldOut).toBe(true);
    }
    expect((await sessionRow(nextDay.id)).soldOut).toBe(false);
    expect((await sessionRow(aquarium.session.id)).soldOut).toBe(false);
    expect((await sessionRow(museum.session.id)).usedCapacity).toBe(4);
    const [record] = await auditOf(ctx.db, museum.seller.id, 'date.close');
    expect(record).toMatchObject({ target: `date:${DAY}`, reason: 'burst pipe' });
    expect((record!.after as { event_session_ids: string[] }).event_session_ids).toHaveLength(3);

    // reopened: the day's sessions sell again, the places taken as they were, audited
    const reopened = await officeCall(app, {
      method: 'POST',
      path: 'closed_date',
      slug: slug(),
      cookie: cookie.box_office,
      body: { ...body, closed: false, reason: 'pipe fixed' },
    });
    expect(reopened.statusCode, reopened.body).toBe(200);
    for (const id of [museum.session.id, later.id, lateNight.id]) {
      expect((await sessionRow(id)).soldOut).toBe(false);
    }
    expect((await sessionRow(museum.session.id)).usedCapacity).toBe(4);
    const [reopenRecord] = await auditOf(ctx.db, museum.seller.id, 'date.reopen');
    expect(reopenRecord).toMatchObject({ target: `date:${DAY}`, reason: 'pipe fixed' });
  });
});
