import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { APP_HEADER, APP_HEADER_VALUE } from '@admit/contracts/constants';
import { eventTemplate } from '@/db/schema/catalog';
import { buildTestApp } from '@/testing/build-test-app';
import { bundleOf, errorOf, makeReserveScene } from '@/testing/cart-fixtures';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeTicketGroup, makeTicketType } from '@/testing/factories';
import { makeMembership, makeUser, sessionCookieFor } from '@/testing/identity-factories';

const NOW = new Date('2029-06-01T12:00:00Z');
const DAY = 24 * 3_600_000;

// spec: shopping §5 (member benefit per type + wildcard pool), §6 (members-only), §8
describeEachDatabase('cart: members-only groups and member benefits', (ctx) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: NOW });
  });
  afterAll(async () => {
    await app.close();
  });

  /** A public group and a members-only group with two types (adult, child) on one session. */
  async function memberScene() {
    const scene = await makeReserveScene(ctx.db);
    const members = await makeTicketGroup(ctx.db, scene.event, {
      name: 'Members',
      hiddenType: 'public_member_only',
    });
    const adult = await makeTicketType(ctx.db, members, { name: 'Member adult' });
    const child = await makeTicketType(ctx.db, members, { name: 'Member child' });
    return { ...scene, members, adult, child };
  }
  type Scene = Awaited<ReturnType<typeof memberScene>>;

  const memberOf = async (scene: Scene, benefits: Record<string, number>, validTo?: Date) => {
    const person = await makeUser(ctx.db, scene.seller);
    await makeMembership(ctx.db, person, NOW, { benefits, ...(validTo ? { validTo } : {}) });
    return sessionCookieFor(app, person);
  };

  const call = (scene: Scene, url: string, cookie: string | undefined, body?: unknown) =>
    app.inject({
      method: body === undefined ? 'GET' : 'POST',
      url: `/api/${url}${url.includes('?') ? '&' : '?'}_seller=${scene.seller.slug}`,
      headers: { [APP_HEADER]: APP_HEADER_VALUE, ...(cookie ? { cookie } : {}) },
      ...(body === undefined ? {} : { payload: body as object }),
    });

  const reserve = (
    scene: Scene,
    cookie: string | undefined,
    quantities: [{ id: string }, number][],
    cartId?: string,
  ) =>
    call(scene, cartId ? `my/cart/${cartId}/modify` : 'my/cart/modify', cookie, {
      add: [
        {
          event_session_id: scene.session.id,
          ticket_types_required: quantities.map(([type, quantity]) => ({
            ticket_type_id: type.id,
            quantity,
          })),
        },
      ],
    });

  const visibleGroupIds = async (scene: Scene, cookie: string | undefined) => {
    const res = await call(scene, `events/${scene.event.id}?_embed=ticket_group`, cookie);
    expect(res.statusCode).toBe(200);
    return (res.json().ticket_group._data as { id: string }[]).map((g) => g.id).sort();
  };

  it('shows and sells members-only types to a member; guests and non-members get neither', async () => {
    const scene = await memberScene();
    const member = await memberOf(scene, {});
    const nonMember = await sessionCookieFor(app, await makeUser(ctx.db, scene.seller));

    expect(await visibleGroupIds(scene, member)).toEqual([scene.group.id, scene.members.id].sort());
    for (const cookie of [undefined, nonMember]) {
      expect(await visibleGroupIds(scene, cookie)).toEqual([scene.group.id]);
      const refused = await reserve(scene, cookie, [[scene.adult, 1]]);
      expect(refused.statusCode).toBe(404);
      expect(errorOf(refused)).toMatchObject({
        _code: 'not_found',
        _context: 'reserve',
        _extra: { ticket_type_id: scene.adult.id },
      });
    }
    // a membership with no benefits at all caps nothing (decision 0015)
    const held = bundleOf(await reserve(scene, member, [[scene.adult, 3]]));
    expect(held.ticket._count).toBe(3);
    expect(held.cart._data[0]!.ownedByPublicIdentity).toBe(false);
  });

  it('treats an expired (or not yet started) membership as no membership', async () => {
    const scene = await memberScene();
    const expired = await memberOf(scene, {}, new Date(NOW.getTime() - DAY));
    const person = await makeUser(ctx.db, scene.seller);
    await makeMembership(ctx.db, person, NOW, { validFrom: new Date(NOW.getTime() + DAY) });
    const future = await sessionCookieFor(app, person);
    for (const cookie of [expired, future]) {
      expect(await visibleGroupIds(scene, cookie)).toEqual([scene.group.id]);
      const refused = await reserve(scene, cookie, [[scene.adult, 1]]);
      expect(errorOf(refused)).toMatchObject({ _code: 'not_found', _context: 'reserve' });
    }
  });

  it('opens a members-only event (availability and reserve) to current members only', async () => {
    const scene = await memberScene();
    await ctx.db
      .update(eventTemplate)
      .set({ hiddenType: 'public_member_only' })
      .where(eq(eventTemplate.id, scene.event.id));
    const member = await memberOf(scene, {});
    const expired = await memberOf(scene, {}, new Date(NOW.getTime() - DAY));
    const sessions = `events/${scene.event.id}/sessions`;
    expect((await call(scene, sessions, member)).statusCode).toBe(200);
    // members-only mode: the event's public group counts as a member group too (no cap here)
    expect(bundleOf(await reserve(scene, member, [[scene.type, 2]])).ticket._count).toBe(2);
    for (const cookie of [undefined, expired]) {
      expect((await call(scene, sessions, cookie)).statusCode).toBe(404);
      expect(errorOf(await reserve(scene, cookie, [[scene.type, 1]]))).toMatchObject({
        _code: 'not_found',
        _context: 'reserve',
      });
    }
  });

  it('caps a type at its benefit plus the pool, counting the tickets already in the cart', async () => {
    const scene = await memberScene();
    const member = await memberOf(scene, { [scene.adult.id]: 2, '*': 1 });
    const first = bundleOf(await reserve(scene, member, [[scene.adult, 2]]));
    const cartId = first.cart._data[0]!.id;
    // benefit 2 + pool 1 = 3: the third fits, a fourth in the same cart does not
    expect(bundleOf(await reserve(scene, member, [[scene.adult, 1]], cartId)).ticket._count).toBe(
      3,
    );
    const over = await reserve(scene, member, [[scene.adult, 1]], cartId);
    expect(over.statusCode).toBe(422);
    expect(errorOf(over)).toMatchObject({
      _code: 'member_limit_exceeded',
      _context: 'reserve',
      _extra: { ticket_type_id: scene.adult.id, remaining: 0, requested: 1 },
    });
    // a second cart of the same member counts the first one's tickets too
    const elsewhere = await reserve(scene, member, [[scene.adult, 1]]);
    expect(errorOf(elsewhere)).toMatchObject({ _code: 'member_limit_exceeded' });
    // public types are not member tickets: no cap
    expect(bundleOf(await reserve(scene, member, [[scene.type, 5]], cartId)).ticket._count).toBe(8);
  });

  it('refuses benefit + pool + 1 in one request and names what is left', async () => {
    const scene = await memberScene();
    const member = await memberOf(scene, { [scene.adult.id]: 2, '*': 1 });
    const over = await reserve(scene, member, [[scene.adult, 4]]);
    expect(over.statusCode).toBe(422);
    expect(errorOf(over)).toMatchObject({
      _code: 'member_limit_exceeded',
      _extra: { ticket_type_id: scene.adult.id, event_session_id: scene.session.id, remaining: 3 },
    });
    expect(bundleOf(await reserve(scene, member, [[scene.adult, 3]])).ticket._count).toBe(3);
  });

  it('draws the wildcard pool down by over-use of any type', async () => {
    const scene = await memberScene();
    // adult 1, child 1, pool 2, summed over two active memberships
    const person = await makeUser(ctx.db, scene.seller);
    await makeMembership(ctx.db, person, NOW, { benefits: { [scene.adult.id]: 1, '*': 1 } });
    await makeMembership(ctx.db, person, NOW, { benefits: { [scene.child.id]: 1, '*': 1 } });
    const member = await sessionCookieFor(app, person);
    // adult 3 = benefit 1 + 2 from the pool: the pool is empty now
    const cartId = bundleOf(await reserve(scene, member, [[scene.adult, 3]])).cart._data[0]!.id;
    // the child's own benefit is still there, but nothing beyond it
    expect(bundleOf(await reserve(scene, member, [[scene.child, 1]], cartId)).ticket._count).toBe(
      4,
    );
    const over = await reserve(scene, member, [[scene.child, 1]], cartId);
    expect(errorOf(over)).toMatchObject({
      _code: 'member_limit_exceeded',
      _extra: { ticket_type_id: scene.child.id, remaining: 0 },
    });
    // a type with no benefit entry is capped at the pool (here: empty)
    const other = await makeTicketType(ctx.db, scene.members, { name: 'Member senior' });
    expect(errorOf(await reserve(scene, member, [[other, 1]], cartId))).toMatchObject({
      _code: 'member_limit_exceeded',
      _extra: { ticket_type_id: other.id, remaining: 0 },
    });
    // removing an over-used adult gives a place back to the pool
    const cart = bundleOf(await call(scene, `my/cart/${cartId}`, member));
    const anAdult = cart.ticket._data.find((t) => t.ticket_type_id === scene.adult.id)!;
    const swapped = await call(scene, `my/cart/${cartId}/modify`, member, {
      remove: { tickets: [anAdult.id] },
      add: [
        {
          event_session_id: scene.session.id,
          ticket_types_required: [{ ticket_type_id: scene.child.id, quantity: 1 }],
        },
      ],
    });
    expect(bundleOf(swapped).ticket._count).toBe(4);
  });
});
