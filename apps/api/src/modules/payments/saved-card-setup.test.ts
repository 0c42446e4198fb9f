import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { APP_HEADER, APP_HEADER_VALUE, SESSION_COOKIE } from '@admit/contracts/constants';
import { savedPaymentMethodResponseSchema } from '@admit/contracts/saved-payment-method';
import { payment, savedPaymentMethod } from '@/db/schema/payments';
import { buildTestApp } from '@/testing/build-test-app';
import { errorOf } from '@/testing/cart-fixtures';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeSeller } from '@/testing/factories';
import { makeUser } from '@/testing/identity-factories';
import { makeSavedCard, savedCardsOf } from '@/testing/saved-card-factories';
import { tokenize } from '@/modules/checkout/checkout-test-kit';
import { fakeStripe } from './fake-stripe-test-kit';
import { setStripeClientFactory } from './gateways';
import { newestSavedMethod } from './saved-methods';

const NOW = new Date('2029-06-01T16:00:00Z');
const LATER = new Date('2029-05-01T16:00:00Z');

// issue #25, decision 0067: POST my/identity/saved_payment_method replaces the card auto-renew
// charges, without a payment (a Stripe SetupIntent, or the sandbox)
describeEachDatabase('payments: replacing the saved card (POST saved_payment_method)', (ctx) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: NOW });
  });
  afterAll(async () => {
    await app.close();
  });
  afterEach(() => setStripeClientFactory(null));

  const sessionOf = async (person: { id: string; sellerId: string }) =>
    (await app.sessions.createSession(person.id, person.sellerId)).token;

  const replace = (slug: string, body: unknown, t?: string) =>
    app.inject({
      method: 'POST',
      url: `/api/my/identity/saved_payment_method?_seller=${slug}`,
      headers: { [APP_HEADER]: APP_HEADER_VALUE },
      cookies: t ? { [SESSION_COOKIE]: t } : {},
      payload: body as object,
    });
  const readSaved = async (slug: string, t: string) =>
    savedPaymentMethodResponseSchema.parse(
      (
        await app.inject({
          method: 'GET',
          url: `/api/my/identity/saved_payment_method?_seller=${slug}`,
          cookies: { [SESSION_COOKIE]: t },
        })
      ).json(),
    ).saved_payment_method._data;
  const savedOf = (identityId: string) => savedCardsOf(ctx.db, identityId);

  /** A member of a sandbox seller whose saved card is an older 4242. */
  async function memberWithCard(config: Record<string, unknown> = {}) {
    const seller = await makeSeller(ctx.db, { config });
    const member = await makeUser(ctx.db, seller);
    const old = await makeSavedCard(ctx.db, member, { createdAt: LATER });
    return { seller, member, old, t: await sessionOf(member) };
  }

  it('sandbox: the entered card becomes the saved one auto-renew charges, nothing is charged', async () => {
    const { seller, member, old, t } = await memberWithCard();
    const source = await tokenize(app, '5555555555554444');
    const res = await replace(seller.slug, { payment_method: source }, t);
    expect(res.statusCode).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const [answered] = savedPaymentMethodResponseSchema.parse(res.json()).saved_payment_method
      ._data;
    expect(answered).toMatchObject({ type: 'card', brand: 'mastercard', last4: '4444' });
    expect(res.body).not.toContain('pm_sandbox');

    const rows = await savedOf(member.id);
    expect(rows.map((r) => r.last4)).toEqual(['4242', '4444']);
    expect(rows[1]).toMatchObject({
      id: answered!.id,
      gateway: 'sandbox',
      customerRef: old.customerRef,
      createdAt: NOW,
    });
    expect(rows[1]!.paymentMethodRef).toMatch(/^pm_sandbox_saved_success_4444_[0-9a-f]{16}$/);
    // the card auto-renew charges (renew-term.ts reads newestSavedMethod), and the account's
    expect((await newestSavedMethod(ctx.db, member.id, 'sandbox'))!.id).toBe(answered!.id);
    expect((await readSaved(seller.slug, t)).map((c) => c.id)).toEqual([answered!.id]);
    expect(await ctx.db.select().from(payment).where(eq(payment.sellerId, seller.id))).toEqual([]);

    // the same call again (a lost answer retried) is the same card, not a second one
    const again = await replace(seller.slug, { payment_method: source }, t);
    expect(again.statusCode).toBe(201);
    expect(
      savedPaymentMethodResponseSchema.parse(again.json()).saved_payment_method._data[0]!.id,
    ).toBe(answered!.id);
    expect(await savedOf(member.id)).toHaveLength(2);
  });

  it('a guest is refused (401) and nothing is saved', async () => {
    const { seller, member } = await memberWithCard();
    const res = await replace(seller.slug, {
      payment_method: await tokenize(app, '4242424242424242'),
    });
    expect(res.statusCode).toBe(401);
    expect(errorOf(res)).toMatchObject({
      _code: 'not_authorized',
      _context: 'saved_payment_method',
    });
    // a guest learns nothing from the body's validation either
    expect((await replace(seller.slug, { nonsense: 1 })).statusCode).toBe(401);
    expect(await savedOf(member.id)).toHaveLength(1);
  });

  it("acts on the session's identity only: another member's card stays, a named identity is refused", async () => {
    const { seller, member: victim, old } = await memberWithCard();
    const other = await makeUser(ctx.db, seller);
    const t = await sessionOf(other);
    const source = await tokenize(app, '5555555555554444');
    // the body cannot name whose card it is
    const named = await replace(seller.slug, { payment_method: source, identity_id: victim.id }, t);
    expect(named.statusCode).toBe(400);
    expect(errorOf(named)._code).toBe('validation_failed');
    expect((await replace(seller.slug, { payment_method: source }, t)).statusCode).toBe(201);
    expect((await savedOf(victim.id)).map((r) => r.id)).toEqual([old.id]);
    expect((await savedOf(other.id)).map((r) => r.last4)).toEqual(['4444']);
    // a session of another seller's member cannot save a card at this seller
    const elsewhere = await makeSeller(ctx.db);
    const stranger = await makeUser(ctx.db, elsewhere);
    const strangerRes = await replace(
      seller.slug,
      { payment_method: source },
      await sessionOf(stranger),
    );
    expect(strangerRes.statusCode).toBe(401);
    expect(await savedOf(stranger.id)).toEqual([]);
  });

  it('refuses a bad payment method: declined, forged, a saved reference, a 3-D Secure test card', async () => {
    const { seller, member, old, t } = await memberWithCard();
    const declined = await replace(
      seller.slug,
      { payment_method: await tokenize(app, '4000000000000002') },
      t,
    );
    expect(declined.statusCode).toBe(422);
    expect(errorOf(declined)).toMatchObject({
      _code: 'card_declined',
      _context: 'stripe',
      _description: 'Your card was declined.',
      _extra: { decline_code: 'card_declined' },
    });
    const cvc = await replace(
      seller.slug,
      { payment_method: await tokenize(app, '4000000000000127') },
      t,
    );
    expect(errorOf(cvc)._code).toBe('incorrect_cvc');

    const real = await tokenize(app, '4242424242424242');
    const forged = real.replace('_4242_', '_4444_');
    for (const bad of [forged, old.paymentMethodRef, 'pm_sandbox_success_4242']) {
      const res = await replace(seller.slug, { payment_method: bad }, t);
      expect(res.statusCode).toBe(422);
      expect(errorOf(res)).toMatchObject({
        _code: 'card_declined',
        _extra: { decline_code: 'invalid_payment_method' },
      });
    }
    // minted for another seller: worthless here
    const other = await makeSeller(ctx.db);
    const minted = await app.inject({
      method: 'POST',
      url: `/api/sandbox/payment_methods?_seller=${other.slug}`,
      headers: { [APP_HEADER]: APP_HEADER_VALUE },
      payload: { number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '123' },
    });
    const foreignToken = (minted.json() as { payment_method: { _data: { id: string }[] } })
      .payment_method._data[0]!.id;
    const foreign = await replace(seller.slug, { payment_method: foreignToken }, t);
    expect(errorOf(foreign)._extra).toMatchObject({ decline_code: 'invalid_payment_method' });

    const threeDs = await replace(
      seller.slug,
      { payment_method: await tokenize(app, '4000002500003155') },
      t,
    );
    expect(threeDs.statusCode).toBe(422);
    expect(errorOf(threeDs)._extra).toMatchObject({ decline_code: 'authentication_required' });

    for (const body of [{}, { payment_method: '' }, { payment_method: 42 }]) {
      const res = await replace(seller.slug, body, t);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toMatchObject({
        _code: 'validation_failed',
        _extra: { field: 'payment_method' },
      });
    }
    expect((await savedOf(member.id)).map((r) => r.id)).toEqual([old.id]);
  });

  it('in production the sandbox saves no card for a seller that takes real payments', async () => {
    const prod = await buildTestApp(ctx.database, {
      now: NOW,
      env: { NODE_ENV: 'production', PUBLIC_URL: 'https://t.example', MAIL_POLL_MS: '0' },
    });
    try {
      const { seller, member } = await memberWithCard();
      const t = (await prod.sessions.createSession(member.id, seller.id)).token;
      const res = await prod.inject({
        method: 'POST',
        url: `/api/my/identity/saved_payment_method?_seller=${seller.slug}`,
        headers: { [APP_HEADER]: APP_HEADER_VALUE },
        cookies: { [SESSION_COOKIE]: t },
        payload: { payment_method: await tokenize(app, '4242424242424242') },
      });
      expect(res.statusCode).toBe(403);
      expect(await savedOf(member.id)).toHaveLength(1);
    } finally {
      await prod.close();
    }
  });

  it('Stripe: a SetupIntent on the member’s customer, off_session; 3-D Secure answers 402, then the same call saves', async () => {
    const stripe = fakeStripe();
    stripe.state.setup.status = 'requires_action';
    setStripeClientFactory(() => stripe.client);
    const { seller, member, t } = await memberWithCard({
      private: { stripe_secret_key: 'sk_test_setup' },
    });
    const first = await replace(seller.slug, { payment_method: 'pm_entered' }, t);
    expect(first.statusCode).toBe(402);
    expect(errorOf(first)).toMatchObject({
      _code: 'intent_requires_action',
      _context: 'stripe',
      _extra: {
        setup_intent_id: 'seti_1',
        status: 'requires_action',
        client_secret: 'seti_1_secret',
      },
    });
    // the sandbox card made for this member is no Stripe customer: Stripe gets its own
    expect(stripe.customers.map((c) => c.idempotencyKey)).toEqual([`admit-customer-${member.id}`]);
    expect(stripe.setups[0]).toEqual({
      params: {
        customer: 'cus_1',
        payment_method: 'pm_entered',
        payment_method_types: ['card'],
        usage: 'off_session',
        confirm: true,
        metadata: { identity_id: member.id },
        expand: ['payment_method'],
      },
      idempotencyKey: `admit-setup-${member.id}-pm_entered`,
    });
    expect(await savedOf(member.id)).toHaveLength(1);

    // the browser authenticated: the same call reads the setup's state now and keeps the card
    stripe.state.setup.retrieved = 'succeeded';
    const second = await replace(seller.slug, { payment_method: 'pm_entered' }, t);
    expect(second.statusCode).toBe(201);
    expect(
      savedPaymentMethodResponseSchema.parse(second.json()).saved_payment_method._data[0],
    ).toMatchObject({ brand: 'visa', last4: '4242', exp_month: 4, exp_year: 2031 });
    const stripeCard = await newestSavedMethod(ctx.db, member.id, 'stripe');
    expect(stripeCard).toMatchObject({ customerRef: 'cus_1', paymentMethodRef: 'pm_entered' });
    expect(stripe.created).toEqual([]); // no PaymentIntent: nothing charged

    // a later card (the clock is fixed: the first is dated back) reuses the saved card's
    // customer without asking Stripe again, and is the newest
    await ctx.db
      .update(savedPaymentMethod)
      .set({ createdAt: LATER })
      .where(eq(savedPaymentMethod.id, stripeCard!.id));
    const asked = stripe.customers.length;
    stripe.state.setup.status = 'succeeded';
    stripe.state.setup.retrieved = null;
    expect((await replace(seller.slug, { payment_method: 'pm_next' }, t)).statusCode).toBe(201);
    expect(stripe.customers).toHaveLength(asked);
    expect(stripe.setups.at(-1)!.params).toMatchObject({ customer: 'cus_1' });
    expect((await newestSavedMethod(ctx.db, member.id, 'stripe'))!.paymentMethodRef).toBe(
      'pm_next',
    );
  });

  it('Stripe: a declined card or a failed authentication saves nothing', async () => {
    const stripe = fakeStripe();
    setStripeClientFactory(() => stripe.client);
    const { seller, member, t } = await memberWithCard({
      private: { stripe_secret_key: 'sk_test_setup_declined' },
    });
    stripe.state.setup.error = {
      code: 'incorrect_cvc',
      message: "Your card's security code is incorrect.",
    };
    const cvc = await replace(seller.slug, { payment_method: 'pm_bad_cvc' }, t);
    expect(cvc.statusCode).toBe(422);
    expect(errorOf(cvc)).toMatchObject({
      _code: 'incorrect_cvc',
      _description: "Your card's security code is incorrect.",
    });
    stripe.state.setup.error = null;
    stripe.state.setup.status = 'requires_action';
    expect((await replace(seller.slug, { payment_method: 'pm_3ds' }, t)).statusCode).toBe(402);
    stripe.state.setup.retrieved = 'requires_payment_method';
    const failed = await replace(seller.slug, { payment_method: 'pm_3ds' }, t);
    expect(failed.statusCode).toBe(422);
    expect(errorOf(failed)._code).toBe('card_declined');
    expect(await newestSavedMethod(ctx.db, member.id, 'stripe')).toBeNull();
  });
});
