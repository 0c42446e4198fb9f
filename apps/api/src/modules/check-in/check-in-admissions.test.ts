import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { errorEnvelopeSchema } from '@admit/contracts/envelope';
import { checkInRefusalExtraSchema, checkInResponseSchema } from '@admit/contracts/seller-api';
import { ticket, ticketOrder } from '@/db/schema/cart';
import { giftLevel } from '@/modules/gift-codes/gift-codes-test-kit';
import { buyOrder } from '@/modules/manage/manage-test-kit';
import { buildTestApp } from '@/testing/build-test-app';
import { makeReserveScene, type ReserveScene } from '@/testing/cart-fixtures';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeMembership, makeUser } from '@/testing/identity-factories';
import { makeMembershipScene } from '@/testing/membership-factories';
import { makeApiKey, scan } from './check-in-test-kit';

/**
 * Only admissions open the door (issue 22; decision 0042's update): a donation's, a gift card
 * purchase's and a gifted membership's codes are refused with their reasons; an admission
 * admits once; a member ID admits once a day in the door's zone, and again the next day.
 */

// 10:00 in New York (the scenes' zone); the scenes' sessions start 14:00 the same day
const NOW = new Date('2029-06-01T14:00:00Z');
const TODAY_START = new Date('2029-06-01T18:00:00Z');

describeEachDatabase('check-in: only admissions open the door', (ctx) => {
  let app: FastifyInstance;
  let clock = NOW;

  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: () => clock, env: { MAIL_POLL_MS: '0' } });
  });
  afterEach(() => {
    clock = NOW;
  });
  afterAll(async () => {
    await app.close();
  });

  const keyOf = async (slug: string) => (await makeApiKey(ctx.db, slug, 'Door 1', NOW)).key;
  const codesOf = async (orderId: string) => {
    const [order] = await ctx.db.select().from(ticketOrder).where(eq(ticketOrder.id, orderId));
    const rows = await ctx.db.select().from(ticket).where(eq(ticket.ticketOrderId, orderId));
    return { order: order!.scanCode!, tickets: rows.map((t) => t.scanCode!) };
  };
  const refusalOf = (res: LightMyRequestResponse) => {
    const item = errorEnvelopeSchema.parse(res.json())._data[0]!;
    return { status: res.statusCode, ...item, extra: checkInRefusalExtraSchema.parse(item._extra) };
  };
  const sceneOf = (handler: string, amount: number) =>
    makeReserveScene(ctx.db, {
      group: { handler },
      type: { amount },
      session: { startDatetime: TODAY_START },
    });

  /** Every code of the order (its own and each ticket's) is refused with `reason`. */
  async function expectRefused(key: string, orderId: string, handler: string, reason: string) {
    const codes = await codesOf(orderId);
    expect(codes.tickets.length).toBeGreaterThan(0);
    for (const code of [codes.order, ...codes.tickets]) {
      const refused = refusalOf(await scan(app, key, code));
      expect(refused).toMatchObject({
        status: 409,
        _code: 'not_an_admission',
        _context: 'check_in',
        _description: reason,
      });
      expect(refused.extra).toMatchObject({ code, handler });
    }
    const states = await ctx.db.select().from(ticket).where(eq(ticket.ticketOrderId, orderId));
    expect(states.map((t) => t.state)).toEqual(states.map(() => 'booked'));
  }

  it('refuses a $5 donation’s codes: a donation is not an admission', async () => {
    const scene = await sceneOf('donation', 500);
    const order = await buyOrder(app, scene, 1);
    await expectRefused(
      await keyOf(scene.seller.slug),
      order.orderId,
      'donation',
      'A donation is not an admission',
    );
  });

  it('refuses a gift card purchase’s codes: a gift card is not an admission', async () => {
    const scene = await sceneOf('ledger', 2500);
    const order = await buyOrder(app, scene, 1);
    await expectRefused(
      await keyOf(scene.seller.slug),
      order.orderId,
      'ledger',
      'A gift card is not an admission',
    );
  });

  it('refuses the giver’s codes of a gifted membership', async () => {
    const scene = await makeMembershipScene(ctx.db);
    const giver = await makeUser(ctx.db, scene.seller, { email: 'giver@example.test' });
    const giftee = await makeUser(ctx.db, scene.seller, { email: 'lucky@example.test' });
    const giverToken = (await app.sessions.createSession(giver.id, scene.seller.id)).token;
    const { order } = await giftLevel(app, ctx.db, scene, { giverToken, giftee, level: 'family' });
    const key = await keyOf(scene.seller.slug);
    await expectRefused(
      key,
      order.id,
      'membership',
      'A gift of membership is not an admission: the member shows their own member QR code',
    );
    const refused = refusalOf(await scan(app, key, (await codesOf(order.id)).order));
    expect(refused.extra.gift).toBe(true);
  });

  it('admits an admission once; the second scan says already redeemed', async () => {
    const scene: ReserveScene = await sceneOf('tickets', 2500);
    const key = await keyOf(scene.seller.slug);
    const order = await buyOrder(app, scene, 1);
    const [code] = (await codesOf(order.orderId)).tickets;
    const first = await scan(app, key, code!);
    expect(first.statusCode, first.body).toBe(200);
    expect(checkInResponseSchema.parse(first.json()).check_in._data[0]!._code).toBe('admitted');
    clock = new Date(NOW.getTime() + 60_000);
    expect(refusalOf(await scan(app, key, code!))).toMatchObject({
      status: 409,
      _code: 'already_redeemed',
      extra: { redeemed_at: NOW.toISOString() },
    });
  });

  it('admits a member by member ID once a day in the venue’s zone, and again the next day', async () => {
    const scene = await sceneOf('tickets', 2500);
    const key = await keyOf(scene.seller.slug);
    const member = await makeUser(ctx.db, scene.seller, { firstName: 'Ada', lastName: 'Lovelace' });
    const { memberCode } = await makeMembership(ctx.db, member, NOW, { role: 'Family' });
    const admitted = async () => {
      const res = await scan(app, key, memberCode);
      expect(res.statusCode, res.body).toBe(200);
      expect(checkInResponseSchema.parse(res.json()).check_in._data[0]!._code).toBe('member_valid');
    };

    await admitted();
    // 23:30 the same day in New York (already the next day in UTC): refused, with the first time
    clock = new Date('2029-06-02T03:30:00Z');
    const again = refusalOf(await scan(app, key, memberCode));
    expect(again).toMatchObject({
      status: 409,
      _code: 'already_redeemed',
      _context: 'check_in',
      extra: { redeemed_at: NOW.toISOString(), membership: { member_code: memberCode } },
    });
    expect(again._description).toMatch(/^This member has already been admitted today/);
    // a door naming a session reads the day in its venue's zone: the same day still
    const atSession = await scan(app, key, memberCode, { event_session_id: scene.session.id });
    expect(refusalOf(atSession)._code).toBe('already_redeemed');

    // the next morning in New York: admitted again, once
    clock = new Date('2029-06-02T13:00:00Z');
    await admitted();
    expect(refusalOf(await scan(app, key, memberCode))._code).toBe('already_redeemed');
  });
});
