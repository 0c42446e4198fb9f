import { and, asc, eq, gt, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { APP_HEADER, APP_HEADER_VALUE, SESSION_COOKIE } from '@admit/contracts/constants';
import {
  membershipRulesResponseSchema,
  myMembershipResponseSchema,
} from '@admit/contracts/membership';
import { savedPaymentMethodResponseSchema } from '@admit/contracts/saved-payment-method';
import { eventSession } from '@/db/schema/sessions';
import { buildTestApp } from '@/testing/build-test-app';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { firstError } from '@/testing/responses';
import { demoAccountId } from './demo-accounts';
import { demoEventId, demoId, demoTypeId } from './demo-ids';
import { seedDemo } from './seed-demo';

/** The museum's memberships over the demo seed (seeded on Sunday 2026-11-22, New York). */
const NOW = new Date('2026-11-22T14:00:00Z');
const SELLER = 'demo-museum';
const level = (key: string) => demoTypeId(SELLER, 'membership', 'levels', key);
const memberAdult = demoTypeId(SELLER, 'general-admission', 'member', 'member-adult');
const preview = demoTypeId(SELLER, 'members-evening', 'preview', 'member');

describeEachDatabase('demo memberships (README "Demo accounts")', (ctx) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    await seedDemo(ctx.db, { now: NOW });
    app = await buildTestApp(ctx.database, { now: NOW });
  });
  afterAll(async () => {
    await app.close();
  });

  const tokenOf = async (email: string) =>
    (await app.sessions.createSession(demoAccountId(SELLER, email), demoId(`${SELLER}/seller`)))
      .token;
  const call = async (method: 'GET' | 'POST', path: string, email?: string, body?: unknown) =>
    app.inject({
      method,
      url: `/api/${path}${path.includes('?') ? '&' : '?'}_seller=${SELLER}`,
      headers: { [APP_HEADER]: APP_HEADER_VALUE },
      cookies: email ? { [SESSION_COOKIE]: await tokenOf(email) } : {},
      ...(body === undefined ? {} : { payload: body as object }),
    });
  const termOf = async (email: string) =>
    myMembershipResponseSchema.parse((await call('GET', 'my/membership', email)).json()).membership
      ._data[0]!;

  it('sells Individual, Dual and Family with their member rules', async () => {
    const body = membershipRulesResponseSchema.parse(
      (await call('GET', 'membership_rules?_embed=ticket_type&_limit=1000')).json(),
    );
    expect(body.ticket_type!._data.map((t) => [t.name, t.currency_amount])).toEqual([
      ['Individual', '75.00'],
      ['Dual', '120.00'],
      ['Family', '180.00'],
    ]);
    const rolesOf = (key: string) =>
      body.membership_rules._data
        .filter((r) => r.ticket_type_id === level(key))
        .map((r) => r.party_role);
    expect(rolesOf('individual')).toEqual(['primary']);
    expect(rolesOf('dual')).toEqual(['primary', 'partner']);
    expect(rolesOf('family')).toEqual(['primary', 'partner', 'child']);
  });

  it('has an active member with auto-renew scheduled, one in the renewal period, one lapsed', async () => {
    const mia = await termOf('member@demo-museum.test');
    expect(mia).toMatchObject({
      member_code: 'DM100001',
      role: 'Family',
      auto_renew_state: 'scheduled',
    });
    // the saved sandbox card the auto-renew job charges (decision 0038)
    const saved = savedPaymentMethodResponseSchema.parse(
      (await call('GET', 'my/identity/saved_payment_method', 'member@demo-museum.test')).json(),
    );
    expect(saved.saved_payment_method._data).toMatchObject([{ brand: 'visa', last4: '4242' }]);
    expect(mia.benefits[memberAdult]).toBe(2);
    expect(Date.parse(mia.valid_from)).toBeLessThan(NOW.getTime());
    expect(Date.parse(mia.renewal_allowed_from!)).toBeGreaterThan(NOW.getTime());
    const rhea = await termOf('renew@demo-museum.test');
    expect(rhea).toMatchObject({ member_code: 'DM100002', role: 'Dual' });
    expect(Date.parse(rhea.renewal_allowed_from!)).toBeLessThan(NOW.getTime());
    expect(Date.parse(rhea.valid_to)).toBeGreaterThan(NOW.getTime());
    const lou = await termOf('lapsed@demo-museum.test');
    expect(lou).toMatchObject({ member_code: 'DM100003', role: 'Individual' });
    expect(Date.parse(lou.valid_to)).toBeLessThan(NOW.getTime());
  });

  it('renews the member’s Family with the saved card when its time comes (decision 0038)', async () => {
    const mia = await termOf('member@demo-museum.test');
    const due = new Date(Date.parse(mia.valid_to) - 5 * 86_400_000);
    const later = await buildTestApp(ctx.database, { now: due, env: { MAIL_POLL_MS: '0' } });
    try {
      expect(await later.autoRenew.run()).toMatchObject({ renewed: 1, declined: 0, failed: 0 });
    } finally {
      await later.close();
    }
    const [next] = myMembershipResponseSchema.parse(
      (await call('GET', 'my/membership', 'member@demo-museum.test')).json(),
    ).membership._data;
    expect(next).toMatchObject({
      member_code: 'DM100001',
      role: 'Family',
      previous_membership_id: mia.id,
      valid_from: mia.valid_to,
      auto_renew_state: 'scheduled',
    });
  });

  it('lets the renewal-period and lapsed members buy, and refuses the current one', async () => {
    const dual = {
      reserve: {
        tickets: [
          {
            ticket_type_id: level('dual'),
            admit_name: 'Rhea Renewal',
            admit_email: 'renew@demo-museum.test',
          },
          { ticket_type_id: level('dual'), admit_name: 'Ray Renewal' },
        ],
      },
    };
    expect((await call('POST', 'my/cart/modify', 'renew@demo-museum.test', dual)).statusCode).toBe(
      201,
    );
    const individual = {
      reserve: {
        tickets: [
          {
            ticket_type_id: level('individual'),
            admit_name: 'Lou Lapsed',
            admit_email: 'lapsed@demo-museum.test',
          },
        ],
      },
    };
    expect(
      (await call('POST', 'my/cart/modify', 'lapsed@demo-museum.test', individual)).statusCode,
    ).toBe(201);
    const refused = await call('POST', 'my/cart/modify', 'member@demo-museum.test', {
      reserve: {
        tickets: [
          {
            ticket_type_id: level('family'),
            admit_name: 'Mia Member',
            admit_email: 'member@demo-museum.test',
          },
        ],
      },
    });
    expect(refused.statusCode).toBe(422);
    expect(firstError(refused.json())).toMatchObject({
      _context: 'membership',
      _code: 'validation_failed',
    });
  });

  it('caps member admission by the Family benefits and the pool', async () => {
    const [session] = await ctx.db
      .select()
      .from(eventSession)
      .where(
        and(
          eq(eventSession.eventTemplateId, demoEventId(SELLER, 'general-admission')),
          gt(eventSession.startDatetime, new Date(NOW.getTime() + 7 * 24 * 3_600_000)),
        ),
      )
      .orderBy(asc(eventSession.startDatetime))
      .limit(1);
    const add = (quantity: number) => ({
      add: [
        {
          event_session_id: session!.id,
          ticket_types_required: [{ ticket_type_id: memberAdult, quantity }],
        },
      ],
    });
    // 2 member adults plus the pool of 4 (group max 6 per order)
    expect(
      (await call('POST', 'my/cart/modify', 'member@demo-museum.test', add(6))).statusCode,
    ).toBe(201);
    const over = await call('POST', 'my/cart/modify', 'member@demo-museum.test', add(1));
    expect(over.statusCode).toBe(422);
    expect(firstError(over.json())).toMatchObject({
      _code: 'member_limit_exceeded',
      _extra: { remaining: 0 },
    });
  });

  it('refuses members-only previews after a term without auto-renew scheduled (if_autorenew)', async () => {
    const rhea = await termOf('renew@demo-museum.test');
    const previews = (inTerm: boolean) =>
      ctx.db
        .select()
        .from(eventSession)
        .where(
          and(
            eq(eventSession.eventTemplateId, demoEventId(SELLER, 'members-evening')),
            inTerm
              ? lt(eventSession.startDatetime, new Date(rhea.valid_to))
              : gt(eventSession.startDatetime, new Date(rhea.valid_to)),
            gt(eventSession.startDatetime, NOW),
          ),
        )
        .orderBy(asc(eventSession.startDatetime))
        .limit(1);
    const book = async (sessionId: string) =>
      call('POST', 'my/cart/modify', 'renew@demo-museum.test', {
        add: [
          {
            event_session_id: sessionId,
            ticket_types_required: [{ ticket_type_id: preview, quantity: 1 }],
          },
        ],
      });
    const [inside] = await previews(true);
    const [after] = await previews(false);
    expect((await book(inside!.id)).statusCode).toBe(201);
    const refused = await book(after!.id);
    expect(refused.statusCode).toBe(422);
    expect(firstError(refused.json())).toMatchObject({
      _code: 'member_limit_exceeded',
      _extra: { reason: 'beyond_term', member_reserve_session_beyond_term: 'if_autorenew' },
    });
  });
});
