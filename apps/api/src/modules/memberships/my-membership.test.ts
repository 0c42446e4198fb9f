import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_HEADER, APP_HEADER_VALUE, SESSION_COOKIE } from '@admit/contracts/constants';
import { myMembershipResponseSchema, MY_MEMBERSHIP_EMBEDS } from '@admit/contracts/membership';
import { outbox } from '@/db/schema/mail';
import { qrPng } from '@/lib/qr-png';
import { buildTestApp } from '@/testing/build-test-app';
import { bundleOf, cartCall, errorOf, makeReserveScene } from '@/testing/cart-fixtures';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeMembership, makeUser } from '@/testing/identity-factories';
import { makeMembershipScene, membersBody } from '@/testing/membership-factories';
import { cardEntry, checkoutCall, tokenize } from '@/modules/checkout/checkout-test-kit';

const NOW = new Date('2029-06-01T16:00:00Z');
const DAY = 24 * 3_600_000;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47]);

// spec: identity §7 GET my/membership, membership QR (§9 margin 2), POST my/ticket_order/resend
describeEachDatabase('memberships: my/membership, the QR code, resend', (ctx) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: NOW });
  });
  afterAll(async () => {
    await app.close();
  });

  const token = async (person: { id: string; sellerId: string }) =>
    (await app.sessions.createSession(person.id, person.sellerId)).token;
  const get = (slug: string, path: string, t?: string) =>
    app.inject({
      method: 'GET',
      url: `/api/${path}${path.includes('?') ? '&' : '?'}_seller=${slug}`,
      cookies: t ? { [SESSION_COOKIE]: t } : {},
    });

  /** A member who bought Family with three members through the checkout. */
  async function familyMember() {
    const scene = await makeMembershipScene(ctx.db, { benefits: { family: { '*': 6 } } });
    const person = await makeUser(ctx.db, scene.seller, { email: 'family@example.test' });
    const t = await token(person);
    const cart = bundleOf(
      await app.inject({
        method: 'POST',
        url: `/api/my/cart/modify?_seller=${scene.seller.slug}`,
        headers: { [APP_HEADER]: APP_HEADER_VALUE },
        cookies: { [SESSION_COOKIE]: t },
        payload: membersBody(scene.family, [
          { name: 'Fay Family', email: 'family@example.test' },
          { name: 'Fred Family' },
          { party_role: 'child' },
        ]),
      }),
    ).cart._data[0]!;
    const paid = await checkoutCall(app, { seller: scene.seller } as never, {
      path: `my/cart/${cart.id}/checkout`,
      body: { ...cardEntry('180.00', await tokenize(app, '4242424242424242')), auto_renew: true },
      token: t,
    });
    expect(paid.statusCode).toBe(201);
    return { scene, person, t, orderId: paid.json().ticket_order._data[0].id as string };
  }

  describe('GET my/membership', () => {
    it('answers the holder’s terms with every embed of identity §7', async () => {
      const { scene, t, orderId } = await familyMember();
      const res = await get(
        scene.seller.slug,
        `my/membership?_embed=${MY_MEMBERSHIP_EMBEDS.join(',')}`,
        t,
      );
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const body = myMembershipResponseSchema.parse(res.json());
      const [m] = body.membership._data;
      expect(body.membership._count).toBe(1);
      expect(m).toMatchObject({
        role: 'Family',
        role_id: scene.roles.family,
        membership_program_id: scene.programId,
        ticket_order_id: orderId,
        auto_renew_state: 'requested',
        valid_from: '2029-06-01T04:00:00.000Z',
        valid_to: '2030-06-01T04:00:00.000Z',
        // 60 days before June 1st 2030, from the start of that day in New York
        renewal_allowed_from: '2030-04-02T04:00:00.000Z',
        benefits: { '*': 6 },
        previous_membership_id: null,
      });
      expect(body.role!._data).toEqual([
        {
          id: scene.roles.family,
          name: 'Family',
          membership_program_id: scene.programId,
          ticket_type_id: scene.family.id,
          benefits: { '*': 6 },
        },
      ]);
      expect(body.membership_program!._data[0]).toMatchObject({
        term_months: 12,
        renewal_days: 60,
      });
      expect(body.identity_link!._data.map((l) => l.party_role).sort()).toEqual([
        'adult',
        'child',
        'primary',
      ]);
      expect(body.ticket!._data).toHaveLength(3);
      expect(
        body.ticket!._data.every((x) => x.state === 'booked' && x.ticket_order_id === orderId),
      ).toBe(true);
      expect(body.ticket_type!._data.map((x) => x.name)).toEqual(['Family']);
      expect(body.ticket_group!._data[0]!.handler).toBe('membership');
      expect(body.event_template!._data[0]!.id).toBe(scene.event.id);
      expect(body.ticket_order!._data[0]!.id).toBe(orderId);
      // without embeds: the terms alone
      const bare = (await get(scene.seller.slug, 'my/membership', t)).json();
      expect(Object.keys(bare)).toEqual(['membership']);
    });

    it('answers 401 to a guest, an empty list to a non-member, 400 to an unknown embed', async () => {
      const scene = await makeMembershipScene(ctx.db);
      const guest = await get(scene.seller.slug, 'my/membership');
      expect(guest.statusCode).toBe(401);
      expect(errorOf(guest)).toMatchObject({ _code: 'not_authorized', _context: 'membership' });
      const plain = await token(await makeUser(ctx.db, scene.seller));
      expect((await get(scene.seller.slug, 'my/membership', plain)).json().membership._count).toBe(
        0,
      );
      expect(
        (await get(scene.seller.slug, 'my/membership?_embed=identity', plain)).statusCode,
      ).toBe(400);
    });
  });

  describe('GET /api/membership/{id}/qrcode', () => {
    it('draws the member ID for the holder only (margin 2 by default); 404 for anyone else', async () => {
      const { scene, t } = await familyMember();
      const [m] = (await get(scene.seller.slug, 'my/membership', t)).json().membership._data;
      const qr = (path: string, who?: string) => get(scene.seller.slug, path, who);
      const own = await qr(`membership/${m.id}/qrcode`, t);
      expect(own.statusCode).toBe(200);
      expect(own.headers['content-type']).toBe('image/png');
      expect(own.rawPayload.subarray(0, 4)).toEqual(PNG_SIGNATURE);
      // what it draws is the member ID (what a scanner at the door reads), not the row's id
      expect(own.rawPayload.equals(await qrPng(m.member_code, 2))).toBe(true);
      expect(own.rawPayload.equals(await qrPng(m.id, 2))).toBe(false);
      const two = await qr(`membership/${m.id}/qrcode?margin=2`, t);
      const four = await qr(`membership/${m.id}/qrcode?margin=4`, t);
      expect(two.rawPayload.equals(own.rawPayload)).toBe(true);
      expect(four.rawPayload.equals(own.rawPayload)).toBe(false);
      const stranger = await token(await makeUser(ctx.db, scene.seller));
      for (const res of [
        await qr(`membership/${m.id}/qrcode`, stranger),
        await qr(`membership/${m.id}/qrcode`),
        await qr('membership/not-a-uuid/qrcode', t),
      ]) {
        expect(res.statusCode).toBe(404);
        expect(errorOf(res)).toMatchObject({ _code: 'not_found', _context: 'membership' });
      }
    });
  });

  describe('POST my/ticket_order/resend memberships_only', () => {
    it('mails one line per member ID (renewals share it) with the last day of the latest term', async () => {
      const scene = await makeMembershipScene(ctx.db);
      const person = await makeUser(ctx.db, scene.seller, { email: 'renewed@example.test' });
      const first = await makeMembership(ctx.db, person, NOW, {
        memberCode: 'M-ONE',
        validFrom: new Date('2028-07-01T04:00:00Z'),
        validTo: new Date('2029-07-01T04:00:00Z'),
      });
      await makeMembership(ctx.db, person, NOW, {
        memberCode: 'M-ONE',
        role: 'Family',
        previousMembershipId: first.id,
        validFrom: new Date('2029-07-01T04:00:00Z'),
        validTo: new Date('2030-07-01T04:00:00Z'),
      });
      const res = await app.inject({
        method: 'POST',
        url: `/api/my/ticket_order/resend?_seller=${scene.seller.slug}`,
        headers: { [APP_HEADER]: APP_HEADER_VALUE },
        cookies: { [SESSION_COOKIE]: await token(person) },
        payload: { memberships_only: true },
      });
      expect(res.statusCode).toBe(200);
      const [mail] = await ctx.db
        .select()
        .from(outbox)
        .where(eq(outbox.toAddress, 'renewed@example.test'));
      expect(mail!.kind).toBe('membership_resend');
      expect(mail!.textBody.match(/M-ONE/g)).toHaveLength(1);
      expect(mail!.textBody).toContain('Member ID M-ONE (Family, valid to Sun, Jun 30, 2030)');
    });
  });

  // spec: shopping §6, identity §3 Configuration member_reserve_session_beyond_term
  describe('member_reserve_session_beyond_term', () => {
    async function beyondScene(rule: string | null, autoRenewState = 'not_enrolled', inDays = 60) {
      const scene = await makeReserveScene(ctx.db, {
        group: { hiddenType: 'public_member_only' },
        session: { startDatetime: new Date(NOW.getTime() + inDays * DAY) },
        sellerConfig: rule ? { member_reserve_session_beyond_term: rule } : {},
      });
      const member = await makeUser(ctx.db, scene.seller);
      await makeMembership(ctx.db, member, NOW, {
        validTo: new Date(NOW.getTime() + 30 * DAY),
        autoRenewState,
      });
      const res = await cartCall(app, scene.seller, {
        method: 'POST',
        path: 'my/cart/modify',
        token: await token(member),
        body: {
          add: [
            {
              event_session_id: scene.session.id,
              ticket_types_required: [{ ticket_type_id: scene.type.id, quantity: 1 }],
            },
          ],
        },
      });
      return { res, scene };
    }

    it('always (and unset) lets a member book beyond the term', async () => {
      for (const rule of [null, 'always'])
        expect((await beyondScene(rule)).res.statusCode).toBe(201);
    });

    it('otherwise refuses; if_autorenew refuses unless auto-renew is scheduled', async () => {
      for (const [rule, state] of [
        ['otherwise', 'scheduled'],
        ['if_autorenew', 'not_enrolled'],
        ['if_autorenew', 'requested'],
      ] as const) {
        const { res, scene } = await beyondScene(rule, state);
        expect(res.statusCode).toBe(422);
        expect(errorOf(res)).toMatchObject({
          _code: 'member_limit_exceeded',
          _context: 'reserve',
          _extra: {
            reason: 'beyond_term',
            event_session_id: scene.session.id,
            member_reserve_session_beyond_term: rule,
          },
        });
      }
      expect((await beyondScene('if_autorenew', 'scheduled')).res.statusCode).toBe(201);
      // a session inside the term is never refused
      expect((await beyondScene('otherwise', 'not_enrolled', 10)).res.statusCode).toBe(201);
    });
  });
});
