import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ticketGroup } from '@/db/schema/catalog';
import { eventSession } from '@/db/schema/sessions';
import { makeTimedAdmission } from '@/testing/availability-factories';
import { buildTestApp } from '@/testing/build-test-app';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeTicketGroup, makeTicketType } from '@/testing/factories';
import { makeMembership, makeUser, sessionCookieFor } from '@/testing/identity-factories';
import type { CollectionsBody as Body } from '@/testing/responses';

const NOW = new Date('2026-11-22T12:00:00Z');

// The scope cache (scope.ts, decision 0034) on, for a minute: what may be reused and what not.
describeEachDatabase('availability scope cache', (ctx) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, {
      now: NOW,
      env: { AVAILABILITY_SCOPE_CACHE_MS: '60000' },
    });
  });
  afterAll(() => app.close());

  const setup = async () => {
    const a = await makeTimedAdmission(ctx.db, { starts: ['2026-11-23 10:00'], capacity: 10 });
    const members = await makeTicketGroup(ctx.db, a.event, {
      name: 'Members',
      hiddenType: 'public_member_only',
    });
    await makeTicketType(ctx.db, members, { amount: 100 });
    const person = await makeUser(ctx.db, a.seller);
    await makeMembership(ctx.db, person, NOW);
    const session = a.sessions[0]!;
    const detail = async (cookie?: string) => {
      const res = await app.inject({
        method: 'GET',
        url: `/api/events/${a.event.id}/sessions/${session.id}?_seller=${a.seller.slug}&_embed=ticket_group`,
        headers: cookie ? { cookie } : {},
      });
      expect(res.statusCode).toBe(200);
      return res.json() as Body;
    };
    return { a, members, session, detail, memberCookie: await sessionCookieFor(app, person) };
  };

  it("never shows a member's scope to a visitor, nor a visitor's to a member", async () => {
    const { a, members, detail, memberCookie } = await setup();
    const groupsOf = (body: Body) => body.ticket_group!._data.map((g) => g.id).sort();
    // the member's read fills the cache first; the visitor's must not be served from it
    expect(groupsOf(await detail(memberCookie))).toEqual([a.group.id, members.id].sort());
    expect(groupsOf(await detail())).toEqual([a.group.id]);
    expect(groupsOf(await detail(memberCookie))).toEqual([a.group.id, members.id].sort());
  });

  it('keeps a scope per group filter: a read narrowed to other groups is priced by them', async () => {
    const { a, members, memberCookie } = await setup();
    const priceFor = async (groupId: string) => {
      const res = await app.inject({
        method: 'GET',
        url: `/api/events/${a.event.id}/sessions?_seller=${a.seller.slug}&ticket_group_id._in=${groupId}`,
        headers: { cookie: memberCookie },
      });
      expect(res.statusCode).toBe(200);
      return (res.json() as Body).event_session!._data[0]!.price;
    };
    expect(await priceFor(a.group.id)).toBe('15.00');
    expect(await priceFor(members.id)).toBe('1.00');
  });

  it('keeps catalogue rows for a moment but reads capacity live on every request', async () => {
    const { a, session, detail } = await setup();
    expect((await detail()).event_session!._data[0]).toMatchObject({ available: true });
    await ctx.db.update(ticketGroup).set({ name: 'Renamed' }).where(eq(ticketGroup.id, a.group.id));
    await ctx.db
      .update(eventSession)
      .set({ usedCapacity: 10 })
      .where(eq(eventSession.id, session.id));
    const after = await detail();
    // the session is full at once: capacity is never taken from the cache
    expect(after.event_session!._data[0]).toMatchObject({ available: false });
    // the group's name is the cached one until the entry expires
    expect(after.ticket_group!._data[0]).toMatchObject({ name: 'General Admission' });
  });
});
