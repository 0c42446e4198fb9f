import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createFetchStub, errorResponse, jsonResponse } from '@/testing/fetch-stub';
import type { Fixture } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/render-route';
import { makeSellerConfig } from '@/testing/seller-config';
import { checkoutResponse, payableCart, seedCart } from '@/testing/checkout-fixtures';
import { installFakeStripe, stripeFake } from '@/testing/fake-stripe';

vi.mock('@stripe/stripe-js', async () => (await import('@/testing/fake-stripe')).stripeJsModule());

// Stripe.js is loaded once per key: a key per test gives each test its own fake
let keys = 0;
const stripeConfig = () =>
  makeSellerConfig({
    checkout: {
      donation_group_id: null,
      stripe_publishable_key: `pk_test_wallet_${++keys}`,
      captcha_provider: null,
      captcha_site_key: null,
    },
  });

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  stripeFake.loadStripe.mockReset();
});

function walletCheckout(checkout: Fixture, outstanding = '50.00') {
  const bundle = payableCart(outstanding);
  seedCart(bundle);
  const fetch = createFetchStub({
    'GET /api/my/cart/:id': bundle,
    'POST /api/cart/:id/guest_checkout': checkout,
  });
  const calls = () => fetch.requests.filter((r) => r.url.pathname.endsWith('/guest_checkout'));
  return { ...renderRoute('/checkout', { fetch, config: stripeConfig() }), fetch, calls };
}

const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}( \\*)?$`));

describe('wallet button (identity §2 card or wallet payment, §7, §9 wallet amounts x100)', () => {
  it('is not shown when the browser has no wallet (canMakePayment answers null)', async () => {
    const fake = installFakeStripe({ wallet: null });
    walletCheckout({});
    await screen.findByTestId('stripe-card-element');
    await waitFor(() => expect(fake.paymentRequest.canMakePayment).toHaveBeenCalled());
    expect(screen.queryByRole('button', { name: 'Pay with wallet' })).toBeNull();
    expect(screen.queryByText('Or pay with a card')).toBeNull();
  });

  it('is shown when canMakePayment answers, with the amount in minor units', async () => {
    const fake = installFakeStripe({ wallet: { applePay: true } });
    walletCheckout({}, '12.34');
    expect(await screen.findByRole('button', { name: 'Pay with wallet' })).toBeInTheDocument();
    expect(screen.getByText('Or pay with a card')).toBeInTheDocument();
    expect(fake.stripe.paymentRequest).toHaveBeenCalledWith({
      country: 'US',
      currency: 'usd',
      total: { label: 'Demo Museum', amount: 1234 },
      requestPayerName: true,
      requestPayerEmail: true,
    });
  });

  it("pays with source_type 'wallet', fills the empty purchaser from the wallet and completes success", async () => {
    const fake = installFakeStripe({ wallet: { googlePay: true } });
    const { user, calls, router } = walletCheckout(jsonResponse(checkoutResponse(), 201));
    const event = fake.prepareWallet({
      paymentMethod: { id: 'pm_wallet_1', billing_details: { address: { postal_code: '10001' } } },
      payerName: 'Ada King Lovelace',
      payerEmail: 'ada@example.org',
    });
    await user.click(await screen.findByRole('button', { name: 'Pay with wallet' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/demo-museum/checkout/complete'),
    );
    expect(event.complete).toHaveBeenCalledWith('success');
    expect(fake.stripe.createPaymentMethod).not.toHaveBeenCalled();
    expect(calls()[0]?.body).toMatchObject({
      amount: '50.00',
      gateway_id: 'stripe',
      gateway_data: { source: 'pm_wallet_1', source_type: 'wallet' },
      purchaser: {
        first_name: 'Ada King',
        last_name: 'Lovelace',
        email: 'ada@example.org',
        zip_code: '10001',
      },
    });
  });

  it('keeps what the buyer typed over the wallet payer', async () => {
    const fake = installFakeStripe({ wallet: { applePay: true } });
    const { user, calls } = walletCheckout(jsonResponse(checkoutResponse(), 201));
    await screen.findByRole('button', { name: 'Pay with wallet' });
    await user.type(field('First name'), 'Grace');
    await user.type(field('Last name'), 'Hopper');
    fake.prepareWallet({
      paymentMethod: { id: 'pm_wallet_2' },
      payerName: 'Ada Lovelace',
      payerEmail: 'ada@example.org',
    });
    await user.click(screen.getByRole('button', { name: 'Pay with wallet' }));
    await waitFor(() => expect(calls()).toHaveLength(1));
    expect(calls()[0]?.body).toMatchObject({
      purchaser: { first_name: 'Grace', last_name: 'Hopper', email: 'ada@example.org' },
    });
  });

  it('completes fail and adds the wallet postcode note on incorrect_zip', async () => {
    const fake = installFakeStripe({ wallet: { applePay: true } });
    const { user } = walletCheckout(
      errorResponse(422, 'incorrect_zip', "Your card's zip code failed validation.", {
        decline_code: 'incorrect_zip',
      }),
    );
    const event = fake.prepareWallet({
      paymentMethod: { id: 'pm_wallet_3' },
      payerName: 'Ada Lovelace',
      payerEmail: 'ada@example.org',
    });
    await user.click(await screen.findByRole('button', { name: 'Pay with wallet' }));
    expect(
      await screen.findByText(
        "Your card has not been charged. Your card's zip code failed validation. The ZIP / Postcode of the billing address in your wallet differs from the one your card issuer has.",
      ),
    ).toBeInTheDocument();
    expect(event.complete).toHaveBeenCalledWith('fail');
  });

  it('completes fail without a call when the purchaser form stays invalid', async () => {
    const fake = installFakeStripe({ wallet: { applePay: true } });
    const { user, calls } = walletCheckout({});
    const event = fake.prepareWallet({ paymentMethod: { id: 'pm_wallet_4' } });
    await user.click(await screen.findByRole('button', { name: 'Pay with wallet' }));
    expect(
      await screen.findByText(/^There were errors found in the information you submitted/),
    ).toBeInTheDocument();
    expect(event.complete).toHaveBeenCalledWith('fail');
    expect(calls()).toEqual([]);
  });
});
