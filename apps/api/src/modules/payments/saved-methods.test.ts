import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { APP_HEADER, APP_HEADER_VALUE, SESSION_COOKIE } from '@admit/contracts/constants';
import { savedPaymentMethodResponseSchema } from '@admit/contracts/saved-payment-method';
import { identity } from '@/db/schema/identity';
import { membership } from '@/db/schema/memberships';
import { payment } from '@/db/schema/payments';
import { buildTestApp } from '@/testing/build-test-app';
import { bundleOf, errorOf } from '@/testing/cart-fixtures';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeUser } from '@/testing/identity-factories';
import {
  makeMembershipScene,
  membersBody,
  type MembershipScene,
} from '@/testing/membership-factories';
import { makeSavedCard, savedCardsOf } from '@/testing/saved-card-factories';
import { cardEntry, checkoutCall, PURCHASER, tokenize } from '@/modules/checkout/checkout-test-kit';
import { fakeStripe } from './fake-stripe-test-kit';
import { setStripeClientFactory } from './gateways';

// 2029-06-01 12:00 in New York
const NOW = new Date('2029-06-01T16:00:00Z');
const MIA = [{ name: 'Mia Member', email: 'mia@example.test' }];

// spec: identity §3 "Payment entry" save_card, "Saved payment method", §7; decision 0038
describeEachDatabase('payments: saved cards and GET my/identity/saved_payment_method', (ctx) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: NOW });
  });
  afterAll(async () => {
    await app.close();
  });
  afterEach(() => setStripeClientFactory(null));

  const token = async (person: { id: string; sellerId: string }) =>
    (await app.sessions.createSession(person.id, person.sellerId)).token;

  async function reserve(scene: MembershipScene, t?: string) {
    const res = await app.inject({
      method: 'POST',
      url: `/api/my/cart/modify?_seller=${scene.seller.slug}`,
      headers: { [APP_HEADER]: APP_HEADER_VALUE },
      cookies: t ? { [SESSION_COOKIE]: t } : {},
      payload: membersBody(scene.individual, MIA),
    });
    return bundleOf(res).cart._data[0]!.id;
  }

  const savedOf = (identityId: string) => savedCardsOf(ctx.db, identityId);
  const termOf = async (identityId: string) =>
    (await ctx.db.select().from(membership).where(eq(membership.identityId, identityId)))[0];
  const readSaved = (t?: string, slug = '') =>
    app.inject({
      method: 'GET',
      url: `/api/my/identity/saved_payment_method?_seller=${slug}`,
      cookies: t ? { [SESSION_COOKIE]: t } : {},
    });

  it('save_card keeps a reusable reference for the buyer, never the token; auto-renew is scheduled', async () => {
    const scene = await makeMembershipScene(ctx.db);
    const cartId = await reserve(scene);
    const source = await tokenize(app, '4242424242424242');
    const res = await checkoutCall(app, scene, {
      path: `cart/${cartId}/guest_checkout`,
      body: {
        ...cardEntry('75.00', source, { save_card: true }),
        auto_renew: true,
        purchaser: PURCHASER,
      },
    });
    expect(res.statusCode).toBe(201);
    const [buyer] = await ctx.db.select().from(identity).where(eq(identity.email, PURCHASER.email));
    const saved = await savedOf(buyer!.id);
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({
      gateway: 'sandbox',
      customerRef: `cus_sandbox_${buyer!.id}`,
      brand: 'visa',
      last4: '4242',
    });
    // a server-side reference of its own: the token the browser held is not kept
    expect(saved[0]!.paymentMethodRef).toMatch(/^pm_sandbox_saved_success_4242_/);
    expect(JSON.stringify(saved[0])).not.toContain(source);
    expect((await termOf(buyer!.id))!.autoRenewState).toBe('scheduled');

    // GET my/identity/saved_payment_method: what the account page may show, nothing else
    const read = await readSaved(await token(buyer!), scene.seller.slug);
    expect(read.statusCode).toBe(200);
    expect(read.headers['cache-control']).toBe('no-store');
    const body = savedPaymentMethodResponseSchema.parse(read.json());
    expect(body.saved_payment_method._data).toEqual([
      {
        id: saved[0]!.id,
        type: 'card',
        brand: 'visa',
        last4: '4242',
        exp_month: null,
        exp_year: null,
        created_at: NOW.toISOString(),
      },
    ]);
    expect(read.body).not.toContain('pm_sandbox');
    expect(read.body).not.toContain('cus_');
  });

  it('without save_card nothing is kept and auto-renew stays requested', async () => {
    const scene = await makeMembershipScene(ctx.db);
    const member = await makeUser(ctx.db, scene.seller);
    const t = await token(member);
    const cartId = await reserve(scene, t);
    const res = await checkoutCall(app, scene, {
      path: `my/cart/${cartId}/checkout`,
      body: { ...cardEntry('75.00', await tokenize(app, '4242424242424242')), auto_renew: true },
      token: t,
    });
    expect(res.statusCode).toBe(201);
    expect(await savedOf(member.id)).toEqual([]);
    expect((await termOf(member.id))!.autoRenewState).toBe('requested');
    const read = savedPaymentMethodResponseSchema.parse(
      (await readSaved(t, scene.seller.slug)).json(),
    );
    expect(read.saved_payment_method._data).toEqual([]);
  });

  it('a card saved before schedules a new membership bought with auto_renew', async () => {
    const scene = await makeMembershipScene(ctx.db);
    const member = await makeUser(ctx.db, scene.seller);
    await makeSavedCard(ctx.db, member);
    const t = await token(member);
    const cartId = await reserve(scene, t);
    const res = await checkoutCall(app, scene, {
      path: `my/cart/${cartId}/checkout`,
      body: { ...cardEntry('75.00', await tokenize(app, '5555555555554444')), auto_renew: true },
      token: t,
    });
    expect(res.statusCode).toBe(201);
    expect((await termOf(member.id))!.autoRenewState).toBe('scheduled');
  });

  it('a declined card is not kept; the newest saved card is the one answered', async () => {
    const scene = await makeMembershipScene(ctx.db);
    const member = await makeUser(ctx.db, scene.seller);
    const older = await makeSavedCard(ctx.db, member, {
      last4: '4444',
      createdAt: new Date(NOW.getTime() - 86_400_000),
    });
    const newer = await makeSavedCard(ctx.db, member, { last4: '4242', createdAt: NOW });
    const t = await token(member);
    const cartId = await reserve(scene, t);
    const declined = await checkoutCall(app, scene, {
      path: `my/cart/${cartId}/checkout`,
      body: cardEntry('75.00', await tokenize(app, '4000000000000002'), { save_card: true }),
      token: t,
    });
    expect(errorOf(declined)._code).toBe('card_declined');
    expect((await savedOf(member.id)).map((s) => s.id)).toEqual([older.id, newer.id]);
    const read = savedPaymentMethodResponseSchema.parse(
      (await readSaved(t, scene.seller.slug)).json(),
    );
    expect(read.saved_payment_method._data.map((s) => s.id)).toEqual([newer.id]);
  });

  it('a card that needed 3-D Secure is kept once the payment is authenticated', async () => {
    const scene = await makeMembershipScene(ctx.db);
    const member = await makeUser(ctx.db, scene.seller);
    const t = await token(member);
    const cartId = await reserve(scene, t);
    const first = await checkoutCall(app, scene, {
      path: `my/cart/${cartId}/checkout`,
      body: cardEntry('75.00', await tokenize(app, '4000002500003155'), { save_card: true }),
      token: t,
    });
    expect(first.statusCode).toBe(402);
    expect(await savedOf(member.id)).toEqual([]);
    const paymentId = errorOf(first)._extra!.payment_intent_id as string;
    await ctx.db.update(payment).set({ state: 'succeeded' }).where(eq(payment.id, paymentId));
    const done = await checkoutCall(app, scene, {
      path: `my/cart/${cartId}/checkout`,
      body: {
        amount: '75.00',
        gateway_id: 'stripe',
        gateway_data: { payment_intent_id: paymentId },
      },
      token: t,
    });
    expect(done.statusCode).toBe(201);
    const saved = await savedOf(member.id);
    expect(
      saved.map((s) => [s.last4, s.paymentMethodRef.split('_').slice(0, 5).join('_')]),
    ).toEqual([['3155', 'pm_sandbox_saved_authenticate_3155']]);
  });

  it('Stripe: one customer per person, the intent saves the card off_session, the card is read back', async () => {
    const stripe = fakeStripe();
    stripe.state.answer = () => ({
      id: `pi_${stripe.created.length}`,
      status: 'succeeded',
      client_secret: 'cs',
      payment_method: {
        id: `pm_kept_${stripe.created.length}`,
        card: { brand: 'mastercard', last4: '4444', exp_month: 3, exp_year: 2031 },
      },
    });
    setStripeClientFactory(() => stripe.client);
    const scene = await makeMembershipScene(ctx.db, {
      sellerConfig: { private: { stripe_secret_key: 'sk_test_saved' } },
    });
    const member = await makeUser(ctx.db, scene.seller, { email: 'saver@example.test' });
    const t = await token(member);
    for (const n of [1, 2]) {
      // a second purchase would be a renewal outside its period: the first term goes first
      await ctx.db.delete(membership).where(eq(membership.identityId, member.id));
      const cartId = await reserve(scene, t);
      const res = await checkoutCall(app, scene, {
        path: `my/cart/${cartId}/checkout`,
        body: { ...cardEntry('75.00', `pm_card_${n}`, { save_card: true }), auto_renew: true },
        token: t,
      });
      expect(res.statusCode).toBe(201);
    }
    expect(stripe.customers).toEqual([
      {
        params: {
          email: 'saver@example.test',
          name: 'Ada Lovelace',
          metadata: { identity_id: member.id },
        },
        idempotencyKey: `admit-customer-${member.id}`,
      },
    ]);
    for (const params of stripe.created) {
      expect(params).toMatchObject({ customer: 'cus_1', setup_future_usage: 'off_session' });
    }
    const saved = await savedOf(member.id);
    expect(saved.map((s) => [s.gateway, s.customerRef, s.paymentMethodRef, s.last4])).toEqual([
      ['stripe', 'cus_1', 'pm_kept_1', '4444'],
      ['stripe', 'cus_1', 'pm_kept_2', '4444'],
    ]);
  });

  it('a saved reference is no payment method for a pay body: only the server charges it', async () => {
    const scene = await makeMembershipScene(ctx.db);
    const member = await makeUser(ctx.db, scene.seller);
    const saved = await makeSavedCard(ctx.db, member);
    const t = await token(member);
    const cartId = await reserve(scene, t);
    const res = await checkoutCall(app, scene, {
      path: `my/cart/${cartId}/checkout`,
      body: cardEntry('75.00', saved.paymentMethodRef),
      token: t,
    });
    expect(res.statusCode).toBe(422);
    expect(errorOf(res)._extra).toMatchObject({ decline_code: 'invalid_payment_method' });
  });

  it('answers 401 to a guest', async () => {
    const scene = await makeMembershipScene(ctx.db);
    const res = await readSaved(undefined, scene.seller.slug);
    expect(res.statusCode).toBe(401);
    expect(errorOf(res)._code).toBe('not_authorized');
  });
});
