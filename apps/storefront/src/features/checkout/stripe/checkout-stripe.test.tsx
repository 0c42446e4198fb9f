import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createFetchStub, errorResponse, jsonResponse } from '@/testing/fetch-stub';
import type { Fixture } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/render-route';
import { makeSellerConfig } from '@/testing/seller-config';
import {
  checkoutResponse,
  payableCart,
  SANDBOX_METHOD,
  seedCart,
} from '@/testing/checkout-fixtures';
import { installFakeStripe, stripeFake } from '@/testing/fake-stripe';
import { redirectBrowser } from '@/features/checkout/model/browser-redirect';

vi.mock('@stripe/stripe-js', async () => (await import('@/testing/fake-stripe')).stripeJsModule());
vi.mock('@/features/checkout/model/browser-redirect', () => ({ redirectBrowser: vi.fn() }));

// Stripe.js is loaded once per key: a key per test gives each test its own fake
let keys = 0;
const stripeConfig = () =>
  makeSellerConfig({
    checkout: {
      donation_group_id: null,
      stripe_publishable_key: `pk_test_${++keys}`,
      captcha_provider: null,
      captcha_site_key: null,
    },
  });

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  vi.mocked(redirectBrowser).mockClear();
  stripeFake.loadStripe.mockReset();
});

type User = ReturnType<typeof renderRoute>['user'];

async function fillPurchaser(user: User) {
  const values: Record<string, string> = {
    'First name': 'Ada',
    'Last name': 'Lovelace',
    'Email address': 'ada@example.org',
    'Confirm email address': 'ada@example.org',
  };
  for (const [label, value] of Object.entries(values)) {
    await user.type(screen.getByLabelText(new RegExp(`^${label}( \\*)?$`)), value);
  }
}

function stripeCheckout(checkout: Fixture, config = stripeConfig()) {
  seedCart(payableCart());
  const fetch = createFetchStub({
    'GET /api/my/cart/:id': payableCart(),
    'POST /api/sandbox/payment_methods': jsonResponse(SANDBOX_METHOD, 201),
    'POST /api/cart/:id/guest_checkout': checkout,
  });
  const calls = () => fetch.requests.filter((r) => r.url.pathname.endsWith('/guest_checkout'));
  return { ...renderRoute('/checkout', { fetch, config }), fetch, calls };
}

describe('card section without Stripe', () => {
  it('shows the sandbox fields and never imports @stripe/stripe-js', async () => {
    const { calls } = stripeCheckout(jsonResponse(checkoutResponse(), 201), makeSellerConfig());
    expect(await screen.findByLabelText('Card number')).toBeInTheDocument();
    expect(screen.queryByTestId('stripe-card-element')).toBeNull();
    expect(stripeFake.imported).toBe(false);
    expect(stripeFake.loadStripe).not.toHaveBeenCalled();
    expect(calls()).toEqual([]);
  });
});

describe('Stripe Elements (identity §3 payment entry, §4 payment intent, §8)', () => {
  it('mounts the card element with the publishable key and pays with its payment method', async () => {
    const fake = installFakeStripe();
    const { user, calls, router } = stripeCheckout(jsonResponse(checkoutResponse(), 201));
    expect(await screen.findByTestId('stripe-card-element')).toBeInTheDocument();
    expect(stripeFake.imported).toBe(true);
    expect(stripeFake.loadStripe).toHaveBeenCalledWith(`pk_test_${keys}`);
    expect(screen.queryByLabelText('Card number')).toBeNull();
    // no wallet in this browser: no wallet button
    expect(screen.queryByRole('button', { name: 'Pay with wallet' })).toBeNull();

    // a guest's ZIP is asked once, by the purchaser form: the card element hides its own and
    // the purchaser's goes with the card as its billing postcode (decision 0031)
    expect(fake.createElement).toHaveBeenCalledWith(
      'card',
      expect.objectContaining({ hidePostalCode: true }),
    );
    await fillPurchaser(user);
    await user.type(screen.getByLabelText('ZIP / Postcode'), '10001');
    await fake.changeCard({ complete: true });
    await user.click(screen.getByRole('button', { name: 'Pay $50.00' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/demo-museum/checkout/complete'),
    );
    expect(fake.stripe.createPaymentMethod).toHaveBeenCalledWith({
      type: 'card',
      card: fake.cardElement,
      billing_details: { address: { postal_code: '10001' } },
    });
    expect(calls()[0]?.body).toMatchObject({
      amount: '50.00',
      gateway_id: 'stripe',
      gateway_data: { source: 'pm_stripe_1', source_type: 'card' },
    });
  });

  it('stops an incomplete card before any call, with the field error', async () => {
    const fake = installFakeStripe();
    const { user, fetch } = stripeCheckout({});
    await screen.findByTestId('stripe-card-element');
    await fillPurchaser(user);
    await fake.changeCard({
      complete: false,
      error: { message: 'Your card number is incomplete.' },
    });
    expect(screen.getByText('Your card number is incomplete.')).toBeInTheDocument();
    await fake.changeCard({ complete: false });
    await user.click(screen.getByRole('button', { name: 'Pay $50.00' }));
    expect(await screen.findByText('Please enter your complete card details.')).toBeInTheDocument();
    expect(fake.stripe.createPaymentMethod).not.toHaveBeenCalled();
    expect(fetch.requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('authenticates in the page on 402 and re-submits with payment_intent_id', async () => {
    const fake = installFakeStripe();
    let answers = 0;
    const { user, calls, router } = stripeCheckout(() => {
      answers += 1;
      return answers === 1
        ? errorResponse(402, 'intent_requires_action', 'Your card requires authentication', {
            payment_intent_id: 'pay_9',
            status: 'requires_action',
            next_action_url: null,
            client_secret: 'pi_9_secret_x',
          })
        : jsonResponse(checkoutResponse(), 201);
    });
    await screen.findByTestId('stripe-card-element');
    await fillPurchaser(user);
    await fake.changeCard({ complete: true });
    await user.click(screen.getByRole('button', { name: 'Pay $50.00' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/demo-museum/checkout/complete'),
    );
    expect(fake.stripe.handleCardAction).toHaveBeenCalledWith('pi_9_secret_x');
    expect(redirectBrowser).not.toHaveBeenCalled();
    const [first, second] = calls();
    expect(second?.body).toMatchObject({
      gateway_data: { source: 'pm_stripe_1', source_type: 'card', payment_intent_id: 'pay_9' },
    });
    expect(second?.headers.get('Idempotency-Key')).not.toBe(first?.headers.get('Idempotency-Key'));
  });

  it("says 'Your card has not been charged.' with Stripe's message when the authentication fails", async () => {
    const fake = installFakeStripe();
    fake.stripe.handleCardAction.mockResolvedValue({
      error: {
        code: 'payment_intent_authentication_failure',
        message: 'We are unable to authenticate your payment method.',
      },
    });
    const { user, calls } = stripeCheckout(
      errorResponse(402, 'intent_requires_action', 'Authenticate', {
        payment_intent_id: 'pay_9',
        status: 'requires_action',
        next_action_url: null,
        client_secret: 'pi_9_secret_x',
      }),
    );
    await screen.findByTestId('stripe-card-element');
    await fillPurchaser(user);
    await fake.changeCard({ complete: true });
    await user.click(screen.getByRole('button', { name: 'Pay $50.00' }));
    expect(
      await screen.findByText(
        'Your card has not been charged. We are unable to authenticate your payment method.',
      ),
    ).toBeInTheDocument();
    expect(calls()).toHaveLength(1);
  });

  it("says 'Your card has not been charged.' with Stripe's message on a card error", async () => {
    const fake = installFakeStripe();
    fake.stripe.createPaymentMethod.mockResolvedValue({
      error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
    });
    const { user, calls } = stripeCheckout({});
    await screen.findByTestId('stripe-card-element');
    await fillPurchaser(user);
    await fake.changeCard({ complete: true });
    await user.click(screen.getByRole('button', { name: 'Pay $50.00' }));
    expect(
      await screen.findByText('Your card has not been charged. Your card was declined.'),
    ).toBeInTheDocument();
    expect(calls()).toEqual([]);
  });

  it('says the card provider could not load when Stripe.js is blocked', async () => {
    stripeFake.loadStripe.mockRejectedValue(new Error('Failed to load Stripe.js'));
    stripeCheckout({});
    expect(
      await screen.findByText(
        /^Credit card payment can not be processed because the card provider/,
      ),
    ).toBeInTheDocument();
  });
});
