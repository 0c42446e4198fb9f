import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { APP_HEADER, APP_HEADER_VALUE, SESSION_COOKIE } from '@admit/contracts/constants';
import { identity } from '@/db/schema/identity';
import { outbox } from '@/db/schema/mail';
import { membership, membershipGift, membershipIdentityLink } from '@/db/schema/memberships';
import { payment } from '@/db/schema/payments';
import { buildTestApp } from '@/testing/build-test-app';
import { bundleOf, errorOf } from '@/testing/cart-fixtures';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeMembership, makeUser } from '@/testing/identity-factories';
import {
  makeMembershipScene,
  membersBody,
  type MembershipScene,
} from '@/testing/membership-factories';
import {
  cardEntry,
  checkoutCall,
  orderOf,
  PURCHASER,
  tokenize,
} from '@/modules/checkout/checkout-test-kit';

// 2029-06-01 12:00 in New York (EDT)
const NOW = new Date('2029-06-01T16:00:00Z');
const DAY = 24 * 3_600_000;
const FAMILY = [
  { name: 'Mia Member', email: 'mia@example.test' },
  { name: 'Max Member', email: 'max@example.test' },
  { party_role: 'child' },
];

// spec: identity §3 Membership, Payment entry auto_renew; issue #14 "Completing an order …"
describeEachDatabase('memberships: completing an order makes the membership', (ctx) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: NOW });
  });
  afterAll(async () => {
    await app.close();
  });

  async function reserve(scene: MembershipScene, body: unknown, token?: string) {
    const res = await app.inject({
      method: 'POST',
      url: `/api/my/cart/modify?_seller=${scene.seller.slug}`,
      headers: { [APP_HEADER]: APP_HEADER_VALUE },
      cookies: token ? { [SESSION_COOKIE]: token } : {},
      payload: body as object,
    });
    return bundleOf(res).cart._data[0]!.id;
  }

  const token = async (person: { id: string; sellerId: string }) =>
    (await app.sessions.createSession(person.id, person.sellerId)).token;
  const termsOf = (identityId: string) =>
    ctx.db
      .select()
      .from(membership)
      .where(eq(membership.identityId, identityId))
      .orderBy(asc(membership.validFrom));
  const pay = async (amount: string) => cardEntry(amount, await tokenize(app, '4242424242424242'));

  it('a guest buying Family gets one membership: level, term in the seller zone, members, auto-renew requested', async () => {
    const scene = await makeMembershipScene(ctx.db, { benefits: { family: { '*': 4 } } });
    const cartId = await reserve(scene, membersBody(scene.family, FAMILY));
    const order = orderOf(
      await checkoutCall(app, { seller: scene.seller } as never, {
        path: `cart/${cartId}/guest_checkout`,
        body: { ...(await pay('180.00')), auto_renew: true, purchaser: PURCHASER },
      }),
    ).ticket_order._data[0]!;
    const [buyer] = await ctx.db.select().from(identity).where(eq(identity.email, PURCHASER.email));
    const [term, ...others] = await termsOf(buyer!.id);
    expect(others).toHaveLength(0);
    expect(term).toMatchObject({
      role: 'Family',
      roleId: scene.roles.family,
      membershipProgramId: scene.programId,
      ticketOrderId: order.id,
      autoRenewState: 'requested',
      previousMembershipId: null,
      benefits: { '*': 4 },
    });
    // from the start of June 1st in New York to the start of June 1st a year later
    expect(term!.validFrom.toISOString()).toBe('2029-06-01T04:00:00.000Z');
    expect(term!.validTo.toISOString()).toBe('2030-06-01T04:00:00.000Z');
    const links = await ctx.db
      .select()
      .from(membershipIdentityLink)
      .where(eq(membershipIdentityLink.membershipId, term!.id))
      .orderBy(asc(membershipIdentityLink.rank));
    expect(links.map((l) => [l.partyRole, l.firstName, l.lastName, l.email])).toEqual(
      expect.arrayContaining([
        ['primary', 'Mia', 'Member', 'mia@example.test'],
        ['adult', 'Max', 'Member', 'max@example.test'],
        ['child', null, null, null],
      ]),
    );
    // e-mailed members are the seller's people (found or made); the child has no identity
    const mia = await ctx.db.select().from(identity).where(eq(identity.email, 'mia@example.test'));
    expect(links.find((l) => l.partyRole === 'primary')!.identityId).toBe(mia[0]!.id);
    expect(links.find((l) => l.partyRole === 'child')!.identityId).toBeNull();
    const [mail] = await ctx.db.select().from(outbox).where(eq(outbox.toAddress, PURCHASER.email));
    expect(mail!.textBody).toContain(
      `Member ID ${term!.memberCode}: Family membership, valid until Fri, May 31, 2030`,
    );
  });

  it('renewing inside the renewal period extends from the old valid_to, same member ID', async () => {
    const scene = await makeMembershipScene(ctx.db);
    const member = await makeUser(ctx.db, scene.seller);
    const oldEnd = new Date('2029-06-20T04:00:00Z');
    const old = await makeMembership(ctx.db, member, NOW, {
      membershipProgramId: scene.programId,
      validFrom: new Date('2028-06-20T04:00:00Z'),
      validTo: oldEnd,
      memberCode: 'M-RENEW',
    });
    const t = await token(member);
    const cartId = await reserve(
      scene,
      membersBody(scene.individual, [{ name: 'Ada L', email: 'ada@example.test' }]),
      t,
    );
    const res = await checkoutCall(app, { seller: scene.seller } as never, {
      path: `my/cart/${cartId}/checkout`,
      body: await pay('75.00'),
      token: t,
    });
    expect(res.statusCode).toBe(201);
    const terms = await termsOf(member.id);
    expect(terms).toHaveLength(2);
    expect(terms[1]).toMatchObject({
      memberCode: 'M-RENEW',
      previousMembershipId: old.id,
      validFrom: oldEnd,
      autoRenewState: 'not_enrolled',
      role: 'Individual',
    });
    expect(terms[1]!.validTo.toISOString()).toBe('2030-06-20T04:00:00.000Z');
  });

  it('refuses at checkout, before any charge, a renewal outside the period (the purchaser’s membership)', async () => {
    const scene = await makeMembershipScene(ctx.db, { renewalDays: 30 });
    const holder = await makeUser(ctx.db, scene.seller, { email: 'early@example.test' });
    await makeMembership(ctx.db, holder, NOW, {
      membershipProgramId: scene.programId,
      validTo: new Date('2029-12-01T05:00:00Z'),
    });
    // a guest cart: the reserve cannot know whose membership it will be
    const cartId = await reserve(
      scene,
      membersBody(scene.individual, [{ name: 'E E', email: 'early@example.test' }]),
    );
    const res = await checkoutCall(app, { seller: scene.seller } as never, {
      path: `cart/${cartId}/guest_checkout`,
      body: {
        ...(await pay('75.00')),
        purchaser: {
          ...PURCHASER,
          email: 'early@example.test',
          email_confirm: 'early@example.test',
        },
      },
    });
    expect(res.statusCode).toBe(422);
    expect(errorOf(res)).toMatchObject({
      _code: 'validation_failed',
      _context: 'membership',
      _extra: { renew_from_date: '2029-11-01' },
    });
    expect(await ctx.db.select().from(payment).where(eq(payment.cartId, cartId))).toHaveLength(0);
    expect(await termsOf(holder.id)).toHaveLength(1);
  });

  it('a lapsed member starts a new term today and keeps the member ID', async () => {
    const scene = await makeMembershipScene(ctx.db);
    const member = await makeUser(ctx.db, scene.seller);
    const old = await makeMembership(ctx.db, member, NOW, {
      membershipProgramId: scene.programId,
      validTo: new Date(NOW.getTime() - 10 * DAY),
      memberCode: 'M-LAPSED',
    });
    const t = await token(member);
    const cartId = await reserve(
      scene,
      membersBody(scene.individual, [{ name: 'Ada L', email: 'ada@example.test' }]),
      t,
    );
    expect(
      (
        await checkoutCall(app, { seller: scene.seller } as never, {
          path: `my/cart/${cartId}/checkout`,
          body: await pay('75.00'),
          token: t,
        })
      ).statusCode,
    ).toBe(201);
    const terms = await termsOf(member.id);
    expect(terms[1]).toMatchObject({ memberCode: 'M-LAPSED', previousMembershipId: old.id });
    expect(terms[1]!.validFrom.toISOString()).toBe('2029-06-01T04:00:00.000Z');
  });

  it('a gift makes no membership: the giftee gets a gift code to redeem (decision 0038)', async () => {
    const scene = await makeMembershipScene(ctx.db);
    const giver = await makeUser(ctx.db, scene.seller);
    const giftee = await makeUser(ctx.db, scene.seller, { email: 'lucky@example.test' });
    const t = await token(giver);
    const cartId = await reserve(
      scene,
      membersBody(scene.individual, [{ name: 'Lucky One', email: 'lucky@example.test' }]),
      t,
    );
    const res = await checkoutCall(app, { seller: scene.seller } as never, {
      path: `my/cart/${cartId}/gift_checkout`,
      body: { ...(await pay('75.00')), giftee_identity_id: giftee.id },
      token: t,
    });
    expect(res.statusCode).toBe(201);
    expect(await termsOf(giver.id)).toHaveLength(0);
    expect(await termsOf(giftee.id)).toHaveLength(0);
    const [gift] = await ctx.db
      .select()
      .from(membershipGift)
      .where(eq(membershipGift.gifteeIdentityId, giftee.id));
    expect(gift).toMatchObject({ giverIdentityId: giver.id, roleId: scene.roles.individual });
  });

  it('two orders renewing one term at once: each that passes extends the last (no overlap)', async () => {
    const scene = await makeMembershipScene(ctx.db);
    const member = await makeUser(ctx.db, scene.seller);
    const old = await makeMembership(ctx.db, member, NOW, {
      membershipProgramId: scene.programId,
      validFrom: new Date('2028-06-10T04:00:00Z'),
      validTo: new Date('2029-06-10T04:00:00Z'),
    });
    const t = await token(member);
    const body = membersBody(scene.individual, [{ name: 'Ada L', email: 'ada@example.test' }]);
    const carts = [await reserve(scene, body, t), await reserve(scene, body, t)];
    const entries = await Promise.all(carts.map(() => pay('75.00')));
    const answers = await Promise.all(
      carts.map((cartId, i) =>
        checkoutCall(app, { seller: scene.seller } as never, {
          path: `my/cart/${cartId}/checkout`,
          body: entries[i],
          token: t,
        }),
      ),
    );
    // both checks may pass before either order exists (PostgreSQL), then both orders renew: the
    // second chains after the first (previous_membership_id is unique); or the first order is
    // made before the second is checked, which then is no renewal in its period (422)
    const made = answers.filter((a) => a.statusCode === 201).length;
    expect(made).toBeGreaterThanOrEqual(1);
    for (const a of answers.filter((x) => x.statusCode !== 201)) {
      expect(errorOf(a)).toMatchObject({ _code: 'validation_failed', _context: 'membership' });
    }
    const terms = await termsOf(member.id);
    expect(terms).toHaveLength(1 + made);
    for (let i = 1; i < terms.length; i++) {
      expect(terms[i]!.previousMembershipId).toBe(terms[i - 1]!.id);
      expect(terms[i]!.validFrom).toEqual(terms[i - 1]!.validTo);
      expect(terms[i]!.memberCode).toBe(old.memberCode);
    }
  });
});
