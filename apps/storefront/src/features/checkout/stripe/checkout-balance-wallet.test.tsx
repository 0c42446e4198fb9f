import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { errorResponse } from '@/testing/fetch-stub';
import { makeSellerConfig } from '@/testing/seller-config';
import { FIXTURE_CART_ID } from '@/testing/cart-fixtures';
import { ORDER_ID } from '@/testing/checkout-fixtures';
import {
  afterThirty,
  balanceCart,
  balanceCheckout,
  paidUp,
  payCalls,
} from '@/testing/balance-fixtures';
import { installFakeStripe, stripeFake } from '@/testing/fake-stripe';

vi.mock('@stripe/stripe-js', async () => (await import('@/testing/fake-stripe')).stripeJsModule());

// Stripe.js is loaded once per key: a key per test gives each test its own fake
let keys = 0;
const stripeConfig = () =>
  makeSellerConfig({
    checkout: {
      donation_group_id: null,
      stripe_publishable_key: `pk_test_balance_wallet_${++keys}`,
      captcha_provider: null,
      captcha_site_key: null,
    },
  });

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  stripeFake.loadStripe.mockReset();
});

// spec: identity §2 Checkout "card or wallet payment", §4 "Partial payment options", §7 wallet
// amounts in minor units; decision 0021 balance mode
describe('wallet payment on the balance of an order', () => {
  it("pays the chosen partial amount with source_type 'wallet' and stays with the partial message", async () => {
    const fake = installFakeStripe({ wallet: { googlePay: true } });
    const { user, fetch, router } = balanceCheckout(balanceCart(), () => afterThirty(), {
      config: stripeConfig(),
    });
    await screen.findByRole('radiogroup');
    await user.click(screen.getByRole('radio', { name: 'Other amount' }));
    const other = screen.getByRole('textbox', { name: 'Amount to pay now' });
    await user.clear(other);
    await user.type(other, '30');
    await user.tab();
    await screen.findByRole('button', { name: 'Pay $30.00' });
    // the wallet sheet's total follows the chosen amount, in minor units
    await waitFor(() =>
      expect(fake.paymentRequest.update).toHaveBeenLastCalledWith({
        total: { label: 'Demo Museum', amount: 3000 },
      }),
    );
    const event = fake.prepareWallet({
      paymentMethod: { id: 'pm_wallet_balance' },
      payerName: 'Ada Lovelace',
      payerEmail: 'ada@example.org',
    });
    await user.click(await screen.findByRole('button', { name: 'Pay with wallet' }));

    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Thank you! We received your payment of $30.00.');
    expect(event.complete).toHaveBeenCalledWith('success');
    expect(fake.stripe.createPaymentMethod).not.toHaveBeenCalled();
    const calls = payCalls(fetch);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url.pathname).toBe(`/api/cart/${FIXTURE_CART_ID}/pay`);
    expect(calls[0]?.body).toMatchObject({
      amount: '30.00',
      gateway_id: 'stripe',
      gateway_data: { source: 'pm_wallet_balance', source_type: 'wallet' },
    });
    expect(router.state.location.pathname).toBe(`/demo-museum/checkout/${FIXTURE_CART_ID}`);
  });

  it('starts at the amount due and goes to the order page when the wallet pays it all', async () => {
    const fake = installFakeStripe({ wallet: { applePay: true } });
    const { user, fetch, router } = balanceCheckout(balanceCart(false), () => paidUp(), {
      config: stripeConfig(),
    });
    await screen.findByRole('button', { name: 'Pay with wallet' });
    expect(fake.stripe.paymentRequest).toHaveBeenCalledWith(
      expect.objectContaining({ total: { label: 'Demo Museum', amount: 2000 } }),
    );
    await user.click(screen.getByRole('radio', { name: 'Outstanding balance: $60.00' }));
    await screen.findByRole('button', { name: 'Pay $60.00' });
    const event = fake.prepareWallet({ paymentMethod: { id: 'pm_wallet_all' } });
    await user.click(screen.getByRole('button', { name: 'Pay with wallet' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/demo-museum/ticket_order/${ORDER_ID}`),
    );
    expect(event.complete).toHaveBeenCalledWith('success');
    const [call] = payCalls(fetch);
    expect(call?.url.pathname).toBe(`/api/my/cart/${FIXTURE_CART_ID}/pay`);
    expect(call?.body).toMatchObject({
      amount: '60.00',
      gateway_data: { source: 'pm_wallet_all', source_type: 'wallet' },
    });
  });

  it('closes the sheet with fail and shows the decline with the wallet postcode note', async () => {
    const fake = installFakeStripe({ wallet: { applePay: true } });
    const { user } = balanceCheckout(
      balanceCart(),
      () =>
        errorResponse(422, 'incorrect_zip', "Your card's zip code failed validation.", {
          decline_code: 'incorrect_zip',
        }),
      { config: stripeConfig() },
    );
    const event = fake.prepareWallet({ paymentMethod: { id: 'pm_wallet_zip' } });
    await user.click(await screen.findByRole('button', { name: 'Pay with wallet' }));
    expect(
      await screen.findByText(
        "Your card has not been charged. Your card's zip code failed validation. The ZIP / Postcode of the billing address in your wallet differs from the one your card issuer has.",
      ),
    ).toBeInTheDocument();
    expect(event.complete).toHaveBeenCalledWith('fail');
  });
});
