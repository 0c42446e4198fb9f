import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_HEADER, APP_HEADER_VALUE } from '@admit/contracts/constants';
import { membershipRulesResponseSchema } from '@admit/contracts/membership';
import { buildTestApp } from '@/testing/build-test-app';
import { bundleOf, cartCall, errorOf } from '@/testing/cart-fixtures';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeTicketType } from '@/testing/factories';
import { makeMembership, makeUser, sessionCookieFor } from '@/testing/identity-factories';
import { makeMembershipScene, membersBody } from '@/testing/membership-factories';

const NOW = new Date('2029-06-01T16:00:00Z');
const DAY = 24 * 3_600_000;

// spec: shopping §3 Membership rule / Member ticket, §5 membership validation, §7 membership_rules
describeEachDatabase('memberships: rules and reserving a level', (ctx) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: NOW });
  });
  afterAll(async () => {
    await app.close();
  });

  const get = (slug: string, path: string, cookie?: string) =>
    app.inject({
      method: 'GET',
      url: `${path}${path.includes('?') ? '&' : '?'}_seller=${slug}`,
      headers: cookie ? { cookie } : {},
    });

  describe('GET membership_rules', () => {
    it('answers each level’s rules with the embedded ticket types, filtered by ticket_type.id', async () => {
      const scene = await makeMembershipScene(ctx.db);
      for (const prefix of ['/api', '/cached_api']) {
        const all = membershipRulesResponseSchema.parse(
          (
            await get(
              scene.seller.slug,
              `${prefix}/membership_rules?_embed=ticket_type&_limit=1000`,
            )
          ).json(),
        );
        expect(all.membership_rules._total).toBe(4);
        expect(all.membership_rules._data.map((r) => [r.ticket_type_id, r.party_role])).toEqual([
          [scene.individual.id, 'primary'],
          [scene.family.id, 'primary'],
          [scene.family.id, 'adult'],
          [scene.family.id, 'child'],
        ]);
        expect(all.membership_rules._data[3]).toMatchObject({
          ticket_group_id: scene.group.id,
          min: 0,
          max: -1,
          named: 'no',
          emailed: 'no',
        });
        expect(all.ticket_type!._data.map((t) => t.name)).toEqual(['Individual', 'Family']);
      }
      const one = membershipRulesResponseSchema.parse(
        (
          await get(
            scene.seller.slug,
            `/api/membership_rules?ticket_type.id._in=${scene.individual.id}`,
          )
        ).json(),
      );
      expect(one.membership_rules._data).toHaveLength(1);
      expect(one.ticket_type).toBeUndefined();
      const limited = membershipRulesResponseSchema.parse(
        (await get(scene.seller.slug, '/api/membership_rules?_limit=2')).json(),
      );
      expect(limited.membership_rules._count).toBe(2);
      expect(limited.membership_rules._total).toBe(4);
    });

    it('shows the rules of members-only levels to members only; refuses unknown filters', async () => {
      const scene = await makeMembershipScene(ctx.db, { hiddenType: 'public_member_only' });
      expect(
        (await get(scene.seller.slug, '/api/membership_rules')).json().membership_rules._total,
      ).toBe(0);
      const member = await makeUser(ctx.db, scene.seller);
      await makeMembership(ctx.db, member, NOW);
      const cookie = await sessionCookieFor(app, member);
      expect(
        (await get(scene.seller.slug, '/api/membership_rules', cookie)).json().membership_rules
          ._total,
      ).toBe(4);
      const bad = await get(scene.seller.slug, '/api/membership_rules?ticket_type.name=Family');
      expect(bad.statusCode).toBe(400);
      expect(errorOf(bad)).toMatchObject({
        _code: 'validation_failed',
        _context: 'membership_rules',
      });
    });
  });

  describe('reserving a membership through the cart modify', () => {
    const modify = (slug: string, body: unknown, cartId?: string, cookie?: string) =>
      app.inject({
        method: 'POST',
        url: `/api/${cartId ? `cart/${cartId}/modify` : 'my/cart/modify'}?_seller=${slug}`,
        headers: { [APP_HEADER]: APP_HEADER_VALUE, ...(cookie ? { cookie } : {}) },
        payload: body as object,
      });

    it('holds one ticket per member with its party role; the level is priced once', async () => {
      const scene = await makeMembershipScene(ctx.db);
      const res = await modify(
        scene.seller.slug,
        membersBody(scene.family, [
          { name: 'Mia Member', email: 'mia@example.test' },
          { name: 'Max Member' },
          { name: 'Kid One' },
          { party_role: 'child' },
        ]),
      );
      const bundle = bundleOf(res);
      const roleOrder = ['primary', 'adult', 'child'];
      const tickets = [...bundle.ticket._data].sort(
        (a, b) => roleOrder.indexOf(a.party_role!) - roleOrder.indexOf(b.party_role!),
      );
      expect(tickets.map((t) => t.party_role)).toEqual(['primary', 'adult', 'child', 'child']);
      // the first member carries the level's price
      expect(tickets.map((t) => t.face_value)).toEqual(['180.00', '0.00', '0.00', '0.00']);
      // children are unnamed (named: no): a name sent for one is dropped
      expect(tickets.map((t) => t.admit_name)).toEqual(['Mia Member', 'Max Member', null, null]);
      expect(tickets[0]!.admit_email).toBe('mia@example.test');
      expect(bundle.cart_fees._data[0]!.total_outstanding).toBe('180.00');
    });

    it('refuses members the rules do not allow, with validation_failed context membership', async () => {
      const scene = await makeMembershipScene(ctx.db);
      const cases: [unknown, Record<string, unknown>][] = [
        [
          membersBody(scene.family, [{ email: 'x@example.test' }]),
          { field: 'admit_name', party_role: 'primary' },
        ],
        [
          membersBody(scene.family, [{ name: 'No Mail' }]),
          { field: 'admit_email', party_role: 'primary' },
        ],
        [
          membersBody(scene.family, [
            { name: 'A B', email: 'a@example.test' },
            ...Array.from({ length: 11 }, () => ({ party_role: 'child' })),
          ]),
          { field: 'tickets', party_role: 'child', max: 10, count: 11 },
        ],
        [
          membersBody(scene.family, [{ party_role: 'child' }]),
          { field: 'tickets', party_role: 'primary', count: 0 },
        ],
        [
          membersBody(scene.individual, [
            { name: 'A B', email: 'a@example.test', party_role: 'pet' },
          ]),
          { field: 'party_role' },
        ],
        [
          {
            add: [
              { ticket_types_required: [{ ticket_type_id: scene.individual.id, quantity: 2 }] },
            ],
          },
          { problem: 'name_required' },
        ],
      ];
      for (const [body, extra] of cases) {
        const res = await modify(scene.seller.slug, body);
        expect(res.statusCode).toBe(400);
        expect(errorOf(res)).toMatchObject({
          _code: 'validation_failed',
          _context: 'membership',
          _extra: extra,
        });
      }
    });

    it('sells only levels with a program and rules', async () => {
      const scene = await makeMembershipScene(ctx.db);
      const bare = await makeTicketType(ctx.db, scene.group, { name: 'Unconfigured' });
      const res = await modify(scene.seller.slug, membersBody(bare, [{ name: 'A B' }]));
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toMatchObject({
        _context: 'membership',
        _extra: { field: 'ticket_type_id', ticket_type_id: bare.id },
      });
    });

    it('sells a level once per cart and removes it whole', async () => {
      const scene = await makeMembershipScene(ctx.db);
      const members = membersBody(scene.family, [
        { name: 'Mia Member', email: 'mia@example.test' },
        { party_role: 'child' },
      ]);
      const first = bundleOf(await modify(scene.seller.slug, members));
      const cartId = first.cart._data[0]!.id;
      const again = await modify(scene.seller.slug, members, cartId);
      expect(again.statusCode).toBe(400);
      expect(errorOf(again)).toMatchObject({
        _context: 'membership',
        _extra: { ticket_type_id: scene.family.id },
      });
      // removing the child removes the whole Family membership (its price rides on the primary)
      const child = first.ticket._data.find((t) => t.party_role === 'child')!;
      const removed = bundleOf(
        await cartCall(app, scene.seller, {
          method: 'POST',
          path: `cart/${cartId}/remove`,
          body: { tickets: [child.id] },
        }),
      );
      expect(removed.ticket._data.filter((t) => t.state === 'in_cart')).toHaveLength(0);
      // and a new set of members can then be bought
      expect(bundleOf(await modify(scene.seller.slug, members, cartId)).ticket._count).toBe(2);
    });

    it('does not draw a members-only level from the benefits it sells', async () => {
      const scene = await makeMembershipScene(ctx.db, { hiddenType: 'public_member_only' });
      const member = await makeUser(ctx.db, scene.seller);
      // a capped membership (benefits name another type) whose program has no term to renew
      await makeMembership(ctx.db, member, NOW, { benefits: { [scene.family.id]: 0 } });
      const body = membersBody(scene.individual, [
        { name: 'Ada Lovelace', email: 'ada@example.test' },
      ]);
      const res = await modify(
        scene.seller.slug,
        body,
        undefined,
        await sessionCookieFor(app, member),
      );
      expect(res.statusCode).toBe(201);
    });

    it('refuses a renewal before the renewal period with the date it opens', async () => {
      const scene = await makeMembershipScene(ctx.db, { renewalDays: 30 });
      const person = await makeUser(ctx.db, scene.seller);
      const validTo = new Date(NOW.getTime() + 90 * DAY);
      await makeMembership(ctx.db, person, NOW, {
        membershipProgramId: scene.programId,
        roleId: scene.roles.individual,
        validTo,
      });
      const cookie = await sessionCookieFor(app, person);
      const body = membersBody(scene.individual, [
        { name: 'Ada Lovelace', email: 'ada@example.test' },
      ]);
      const refused = await modify(scene.seller.slug, body, undefined, cookie);
      expect(refused.statusCode).toBe(422);
      expect(errorOf(refused)).toMatchObject({
        _code: 'validation_failed',
        _context: 'membership',
        _description: 'This membership can be renewed from 2029-07-31',
        _extra: { ticket_type_id: scene.individual.id, renew_from_date: '2029-07-31' },
      });
      // inside the period (ends in 20 days) the same reserve passes
      const soon = await makeUser(ctx.db, scene.seller);
      await makeMembership(ctx.db, soon, NOW, {
        membershipProgramId: scene.programId,
        validTo: new Date(NOW.getTime() + 20 * DAY),
      });
      const ok = await modify(
        scene.seller.slug,
        body,
        undefined,
        await sessionCookieFor(app, soon),
      );
      expect(ok.statusCode).toBe(201);
    });
  });
});
