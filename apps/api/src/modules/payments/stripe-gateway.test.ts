import { describe, expect, it } from 'vitest';
import { createStripeGateway, mapStripeStatus, type StripeLikeClient } from './stripe-gateway';

const input = {
  paymentId: '00000000-0000-4000-8000-000000000001',
  amountMinor: 1250,
  currency: 'USD',
  paymentMethod: 'pm_card_visa',
  returnUrl: 'https://shop.example/demo/checkout',
};

function fakeClient(answer: () => Promise<unknown>, retrievedStatus = 'succeeded') {
  const calls: { params: Record<string, unknown>; options?: { idempotencyKey?: string } }[] = [];
  const confirms: { id: string; options?: { idempotencyKey?: string } }[] = [];
  const refunds: { params: Record<string, unknown>; options?: { idempotencyKey?: string } }[] = [];
  const customers: { params: Record<string, unknown>; options?: { idempotencyKey?: string } }[] =
    [];
  const client: StripeLikeClient = {
    paymentIntents: {
      create: async (params, options) => {
        calls.push({ params, options });
        return (await answer()) as never;
      },
      retrieve: async (id) => ({ id, status: retrievedStatus, client_secret: 'cs' }),
      confirm: async (id, _params, options) => {
        confirms.push({ id, options });
        return { id, status: 'succeeded', client_secret: 'cs' };
      },
    },
    refunds: {
      create: async (params, options) => {
        refunds.push({ params, options });
        return { id: `re_${refunds.length}`, status: 'succeeded' };
      },
    },
    customers: {
      create: async (params, options) => {
        customers.push({ params, options });
        return { id: `cus_${customers.length}` };
      },
    },
    // the setups are the account's (saved-card-setup.test.ts)
    setupIntents: {
      create: () => Promise.reject(new Error('no setup here')),
      retrieve: () => Promise.reject(new Error('no setup here')),
    },
  };
  return { client, calls, confirms, refunds, customers };
}

describe('stripe adapter mapping (no network)', () => {
  it('maps intent states the way identity §4 counts them', () => {
    expect(mapStripeStatus('succeeded')).toBe('succeeded');
    expect(mapStripeStatus('requires_capture')).toBe('succeeded');
    expect(mapStripeStatus('processing')).toBe('processing');
    expect(mapStripeStatus('requires_action')).toBe('requires_action');
    expect(mapStripeStatus('requires_payment_method')).toBe('failed');
    expect(mapStripeStatus('canceled')).toBe('failed');
  });

  it('creates a confirmed intent in minor units, keyed by our payment id', async () => {
    const { client, calls } = fakeClient(async () => ({
      id: 'pi_1',
      status: 'requires_action',
      client_secret: 'pi_1_secret',
      next_action: { redirect_to_url: { url: 'https://hooks.stripe.test/3ds' } },
    }));
    const result = await createStripeGateway(client).confirm(input);
    expect(calls[0]!.params).toMatchObject({
      amount: 1250,
      currency: 'usd',
      payment_method: 'pm_card_visa',
      payment_method_types: ['card'],
      confirm: true,
      return_url: input.returnUrl,
    });
    expect(calls[0]!.options).toEqual({ idempotencyKey: `admit-${input.paymentId}` });
    expect(result).toMatchObject({
      status: 'requires_action',
      ref: 'pi_1',
      clientSecret: 'pi_1_secret',
      nextActionUrl: 'https://hooks.stripe.test/3ds',
    });
  });

  it('turns a card error into a decline with its code and message', async () => {
    const { client } = fakeClient(async () => {
      throw Object.assign(new Error("Your card's security code is incorrect."), {
        type: 'StripeCardError',
        code: 'incorrect_cvc',
      });
    });
    const result = await createStripeGateway(client).confirm(input);
    expect(result).toMatchObject({
      status: 'failed',
      declineCode: 'incorrect_cvc',
      message: "Your card's security code is incorrect.",
    });
    const other = fakeClient(async () => {
      throw Object.assign(new Error('Your card has insufficient funds.'), {
        type: 'StripeCardError',
        code: 'card_declined',
        decline_code: 'insufficient_funds',
      });
    });
    expect((await createStripeGateway(other.client).confirm(input)).declineCode).toBe(
      'card_declined',
    );
  });

  it('lets other SDK errors through (an unexpected failure, not a decline)', async () => {
    const { client } = fakeClient(async () => {
      throw Object.assign(new Error('connection reset'), { type: 'StripeConnectionError' });
    });
    await expect(createStripeGateway(client).confirm(input)).rejects.toThrow('connection reset');
  });

  it('charges a wallet payment method like a card: the same intent, amount in minor units', async () => {
    // spec: identity §7, §9 — the wallet's amount is x100: our minor units as they are
    const { client, calls } = fakeClient(async () => ({
      id: 'pi_w',
      status: 'succeeded',
      client_secret: 'pi_w_secret',
    }));
    const result = await createStripeGateway(client).confirm({
      ...input,
      amountMinor: 5000,
      paymentMethod: 'pm_wallet_apple_pay',
      returnUrl: null,
    });
    expect(result).toMatchObject({ status: 'succeeded', ref: 'pi_w' });
    expect(calls[0]!.params).toMatchObject({
      amount: 5000,
      currency: 'usd',
      payment_method: 'pm_wallet_apple_pay',
      payment_method_types: ['card'],
      confirm: true,
    });
    expect(calls[0]!.params).not.toHaveProperty('return_url');
  });

  it('confirms on the server an intent that waits after handleCardAction (manual confirmation)', async () => {
    const waiting = fakeClient(async () => ({}), 'requires_confirmation');
    const result = await createStripeGateway(waiting.client).retrieve('pi_9');
    expect(result).toMatchObject({ status: 'succeeded', ref: 'pi_9' });
    expect(waiting.confirms).toEqual([
      { id: 'pi_9', options: { idempotencyKey: 'admit-confirm-pi_9' } },
    ]);
    const done = fakeClient(async () => ({}), 'succeeded');
    expect((await createStripeGateway(done.client).retrieve('pi_8')).status).toBe('succeeded');
    expect(done.confirms).toEqual([]);
  });

  it('refunds an intent through the Refunds API under our payment id (never twice)', async () => {
    const { client, refunds } = fakeClient(async () => ({}));
    const refund = await createStripeGateway(client).refund({
      paymentId: 'pay-1',
      ref: 'pi_7',
      amountMinor: 2500,
    });
    expect(refund).toEqual({ ref: 're_1' });
    expect(refunds).toEqual([
      {
        params: { payment_intent: 'pi_7', amount: 2500 },
        options: { idempotencyKey: 'admit-refund-pay-1' },
      },
    ]);
  });

  // decision 0038: a card kept for the auto-renewal, then charged without its holder
  it('saves a card on the customer with setup_future_usage and reads it back from the intent', async () => {
    const { client, calls } = fakeClient(async () => ({
      id: 'pi_s',
      status: 'succeeded',
      client_secret: 'cs',
      payment_method: {
        id: 'pm_saved',
        card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 },
      },
    }));
    const result = await createStripeGateway(client).confirm({
      ...input,
      customer: 'cus_7',
      saveCard: true,
    });
    expect(calls[0]!.params).toMatchObject({
      customer: 'cus_7',
      setup_future_usage: 'off_session',
      expand: ['payment_method'],
    });
    expect(calls[0]!.params).not.toHaveProperty('off_session');
    expect(result.savedCard).toEqual({
      paymentMethodRef: 'pm_saved',
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2034,
    });
  });

  it('charges a saved card off-session on its customer, without saving it again', async () => {
    const { client, calls } = fakeClient(async () => ({
      id: 'pi_o',
      status: 'succeeded',
      client_secret: 'cs',
      payment_method: 'pm_saved',
    }));
    await createStripeGateway(client).confirm({
      ...input,
      paymentMethod: 'pm_saved',
      customer: 'cus_7',
      offSession: true,
      returnUrl: null,
    });
    expect(calls[0]!.params).toMatchObject({
      customer: 'cus_7',
      payment_method: 'pm_saved',
      off_session: true,
      confirm: true,
    });
    expect(calls[0]!.params).not.toHaveProperty('setup_future_usage');
  });

  it('makes one customer per person (the identity id is the idempotency key)', async () => {
    const { client, customers } = fakeClient(async () => ({}));
    const id = await createStripeGateway(client).createCustomer({
      identityId: 'person-1',
      email: 'ada@example.test',
      name: 'Ada Lovelace',
    });
    expect(id).toBe('cus_1');
    expect(customers).toEqual([
      {
        params: {
          email: 'ada@example.test',
          name: 'Ada Lovelace',
          metadata: { identity_id: 'person-1' },
        },
        options: { idempotencyKey: 'admit-customer-person-1' },
      },
    ]);
  });
});
