import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createFetchStub, errorResponse, jsonResponse } from '@/testing/fetch-stub';
import type { Fixture } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/render-route';
import { makeSellerConfig } from '@/testing/seller-config';
import { FIXTURE_CART_ID } from '@/testing/cart-fixtures';
import {
  checkoutResponse,
  ORDER_ID,
  payableCart,
  SANDBOX_METHOD,
  seedCart,
} from '@/testing/checkout-fixtures';
import { redirectBrowser } from '@/features/checkout/model/browser-redirect';

vi.mock('@/features/checkout/model/browser-redirect', () => ({ redirectBrowser: vi.fn() }));

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  vi.mocked(redirectBrowser).mockClear();
});

type User = ReturnType<typeof renderRoute>['user'];

function field(label: string) {
  const escaped = label.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  return screen.getByLabelText(new RegExp(`^${escaped}( \\*)?$`));
}

async function fillAll(user: User, card: Partial<Record<string, string>> = {}) {
  const values: Record<string, string> = {
    'First name': 'Ada',
    'Last name': 'Lovelace',
    'Email address': 'ada@example.org',
    'Confirm email address': 'ada@example.org',
    'Card number': '4242 4242 4242 4242',
    'Expiry (MM/YY)': '12/30',
    CVC: '123',
    // the purchaser's ZIP is the card's billing postcode (decision 0031)
    'ZIP / Postcode': '10001',
    ...card,
  };
  for (const [label, value] of Object.entries(values)) {
    if (value) await user.type(field(label), value);
  }
}

function cardCheckout(checkout: Fixture, bundle = payableCart(), config = makeSellerConfig()) {
  seedCart(bundle);
  const fetch = createFetchStub({
    'GET /api/my/cart/:id': bundle,
    'POST /api/sandbox/payment_methods': jsonResponse(SANDBOX_METHOD, 201),
    'POST /api/cart/:id/guest_checkout': checkout,
  });
  return { ...renderRoute('/checkout', { fetch, config }), fetch };
}

const checkoutCalls = (fetch: ReturnType<typeof createFetchStub>) =>
  fetch.requests.filter((r) => r.url.pathname.endsWith('/guest_checkout'));

describe('card payment (identity §3 payment entry, §4 checkout result, §8, §9)', () => {
  it('tokenizes the card, checks out with an Idempotency-Key and shows the order', async () => {
    const { user, fetch, router } = cardCheckout(jsonResponse(checkoutResponse(), 201));
    await screen.findByRole('button', { name: 'Pay $50.00' });
    await fillAll(user);
    await user.click(screen.getByRole('button', { name: 'Pay $50.00' }));

    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/demo-museum/checkout/complete'),
    );
    expect(router.state.location.search).toBe(`?orderIds=${ORDER_ID}`);
    const token = fetch.requests.find((r) => r.url.pathname === '/api/sandbox/payment_methods');
    expect(token?.body).toEqual({
      number: '4242424242424242',
      exp_month: 12,
      exp_year: 2030,
      cvc: '123',
      zip: '10001',
    });
    const [call] = checkoutCalls(fetch);
    expect(call?.url.pathname).toBe(`/api/cart/${FIXTURE_CART_ID}/guest_checkout`);
    expect(call?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(call?.body).toMatchObject({
      amount: '50.00',
      gateway_id: 'stripe',
      gateway_data: {
        source: 'pm_sandbox_1',
        source_type: 'card',
        return_url: `/demo-museum/checkout/${FIXTURE_CART_ID}`,
      },
    });
  });

  it("asks a guest's ZIP once: the purchaser's ZIP is the card's billing postcode", async () => {
    const { user, fetch } = cardCheckout(jsonResponse(checkoutResponse(), 201));
    await screen.findByRole('button', { name: 'Pay $50.00' });
    expect(screen.getAllByLabelText(/ZIP/)).toHaveLength(1);
    expect(screen.queryByLabelText('Billing ZIP / Postcode')).toBeNull();
    await fillAll(user, { 'ZIP / Postcode': '' });
    await user.click(screen.getByRole('button', { name: 'Pay $50.00' }));
    await waitFor(() => expect(checkoutCalls(fetch)).toHaveLength(1));
    // no ZIP given: the card goes without one (the sandbox and Stripe both take that)
    const token = fetch.requests.find((r) => r.url.pathname === '/api/sandbox/payment_methods');
    expect(token?.body).not.toHaveProperty('zip');
  });

  it('formats the expiry as typed: "1230" reads 12/30 and pays as December 2030', async () => {
    const { user, fetch } = cardCheckout(jsonResponse(checkoutResponse(), 201));
    await screen.findByRole('button', { name: 'Pay $50.00' });
    await fillAll(user, { 'Expiry (MM/YY)': '1230' });
    expect(field('Expiry (MM/YY)')).toHaveValue('12/30');
    await user.clear(field('Expiry (MM/YY)'));
    await user.type(field('Expiry (MM/YY)'), '4/31');
    expect(field('Expiry (MM/YY)')).toHaveValue('04/31');
    await user.click(screen.getByRole('button', { name: 'Pay $50.00' }));
    await waitFor(() => expect(checkoutCalls(fetch)).toHaveLength(1));
    const token = fetch.requests.find((r) => r.url.pathname === '/api/sandbox/payment_methods');
    expect(token?.body).toMatchObject({ exp_month: 4, exp_year: 2031 });
  });

  it('checks the card fields before any call', async () => {
    const { user, fetch } = cardCheckout({});
    await screen.findByRole('button', { name: 'Pay $50.00' });
    await fillAll(user, { 'Card number': '1234', 'Expiry (MM/YY)': '13/30', CVC: '1' });
    await user.click(screen.getByRole('button', { name: 'Pay $50.00' }));
    expect(await screen.findByText('Card number is not valid.')).toBeInTheDocument();
    expect(screen.getByText('Expiry date is not valid.')).toBeInTheDocument();
    expect(screen.getByText('CVC is not valid.')).toBeInTheDocument();
    expect(
      screen.getByText(/^There were errors found in the information you submitted/),
    ).toBeInTheDocument();
    await waitFor(() => expect(field('Card number')).toHaveFocus());
    expect(fetch.requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it("says 'Your card has not been charged.' with the provider's message, keeps the card and refreshes the cart", async () => {
    const { user, fetch } = cardCheckout(
      errorResponse(422, 'card_declined', 'Your card was declined.'),
    );
    await screen.findByRole('button', { name: 'Pay $50.00' });
    await fillAll(user);
    const cartReads = () =>
      fetch.requests.filter((r) => r.url.pathname.startsWith('/api/my/cart')).length;
    const readsBefore = cartReads();
    await user.click(screen.getByRole('button', { name: 'Pay $50.00' }));
    expect(
      await screen.findByText('Your card has not been charged. Your card was declined.'),
    ).toBeInTheDocument();
    expect(field('Card number')).toHaveValue('4242 4242 4242 4242');
    await waitFor(() => expect(cartReads()).toBeGreaterThan(readsBefore));
  });

  it("says 'Please edit your payment details and try again.' when the provider gives no message (identity §8)", async () => {
    const { user } = cardCheckout(errorResponse(422, 'card_declined'));
    await screen.findByRole('button', { name: 'Pay $50.00' });
    await fillAll(user);
    await user.click(screen.getByRole('button', { name: 'Pay $50.00' }));
    expect(
      await screen.findByText(
        'Your card has not been charged. Please edit your payment details and try again.',
      ),
    ).toBeInTheDocument();
  });

  it('runs the authentication step on 402 and completes on return', async () => {
    const authUrl = `/api/sandbox/authenticate/pay_1?return_url=%2Fdemo-museum%2Fcheckout%2F${FIXTURE_CART_ID}`;
    let calls = 0;
    const { user, fetch, unmount } = cardCheckout(() => {
      calls += 1;
      return calls === 1
        ? errorResponse(402, 'intent_requires_action', 'Authenticate', {
            payment_intent_id: 'pay_1',
            status: 'requires_action',
            next_action_url: authUrl,
            client_secret: null,
          })
        : jsonResponse(checkoutResponse(), 201);
    });
    await screen.findByRole('button', { name: 'Pay $50.00' });
    await fillAll(user);
    await user.click(screen.getByRole('button', { name: 'Pay $50.00' }));
    await waitFor(() => expect(redirectBrowser).toHaveBeenCalledWith(authUrl));
    const first = checkoutCalls(fetch)[0];
    unmount();

    // the authentication page sends the browser back with the intent
    const again = renderRoute(`/checkout/${FIXTURE_CART_ID}?payment_intent=pay_1`, { fetch });
    await waitFor(() =>
      expect(again.router.state.location.pathname).toBe('/demo-museum/checkout/complete'),
    );
    const second = checkoutCalls(fetch)[1];
    expect(second?.body).toMatchObject({
      gateway_id: 'stripe',
      purchaser: { email: 'ada@example.org' },
      gateway_data: { source: 'pm_sandbox_1', payment_intent_id: 'pay_1' },
    });
    expect(second?.headers.get('Idempotency-Key')).not.toBe(first?.headers.get('Idempotency-Key'));
  });

  // issue #25: the purchaser's entries were all empty after a failed 3-D Secure check
  it("keeps the purchaser's entries when the authentication fails", async () => {
    const authUrl = `/api/sandbox/authenticate/pay_9?return_url=%2Fdemo-museum%2Fcheckout%2F${FIXTURE_CART_ID}`;
    let calls = 0;
    const { user, fetch, unmount } = cardCheckout(() => {
      calls += 1;
      return calls === 1
        ? errorResponse(402, 'intent_requires_action', 'Authenticate', {
            payment_intent_id: 'pay_9',
            status: 'requires_action',
            next_action_url: authUrl,
            client_secret: null,
          })
        : errorResponse(
            422,
            'payment_intent_authentication_failure',
            'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
          );
    });
    await screen.findByRole('button', { name: 'Pay $50.00' });
    await fillAll(user);
    await user.click(screen.getByRole('button', { name: 'Pay $50.00' }));
    await waitFor(() => expect(redirectBrowser).toHaveBeenCalledWith(authUrl));
    unmount();

    renderRoute(`/checkout/${FIXTURE_CART_ID}?payment_intent=pay_9`, { fetch });
    expect(
      await screen.findByText(/We are unable to authenticate your payment method/),
    ).toBeInTheDocument();
    expect(checkoutCalls(fetch)).toHaveLength(2);
    expect(field('First name')).toHaveValue('Ada');
    expect(field('Last name')).toHaveValue('Lovelace');
    expect(field('Email address')).toHaveValue('ada@example.org');
    expect(field('Confirm email address')).toHaveValue('ada@example.org');
    expect(field('ZIP / Postcode')).toHaveValue('10001');
  });

  it('goes to the pending page on intent_processing', async () => {
    const { user, router } = cardCheckout(
      errorResponse(422, 'intent_processing', 'Processing', {
        cart_id: FIXTURE_CART_ID,
        payment_intent_id: 'pay_2',
      }),
    );
    await screen.findByRole('button', { name: 'Pay $50.00' });
    await fillAll(user);
    await user.click(screen.getByRole('button', { name: 'Pay $50.00' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(
        `/demo-museum/checkout/pending/${FIXTURE_CART_ID}`,
      ),
    );
  });

  it('says the unexpected-failure text on a server error', async () => {
    const { user } = cardCheckout(errorResponse(500, 'internal_error', 'boom'));
    await screen.findByRole('button', { name: 'Pay $50.00' });
    await fillAll(user);
    await user.click(screen.getByRole('button', { name: 'Pay $50.00' }));
    expect(
      await screen.findByText('Sorry, something unexpected happened. Please try again later.'),
    ).toBeInTheDocument();
  });

  it('retries an attempt without an answer with the same Idempotency-Key', async () => {
    let calls = 0;
    const { user, fetch, router } = cardCheckout(() => {
      calls += 1;
      if (calls === 1) return Promise.reject(new TypeError('Failed to fetch'));
      return jsonResponse(checkoutResponse(), 201);
    });
    await screen.findByRole('button', { name: 'Pay $50.00' });
    await fillAll(user);
    await user.click(screen.getByRole('button', { name: 'Pay $50.00' }));
    expect(
      await screen.findByText('Sorry, something unexpected happened. Please try again later.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pay $50.00' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/demo-museum/checkout/complete'),
    );
    const [first, second] = checkoutCalls(fetch);
    expect(second?.headers.get('Idempotency-Key')).toBe(first?.headers.get('Idempotency-Key'));
    // the same card fields reuse the token: one tokenization for both tries
    expect(
      fetch.requests.filter((r) => r.url.pathname === '/api/sandbox/payment_methods'),
    ).toHaveLength(1);
  });
});

describe('card amount limits (identity §5, §9)', () => {
  it("refuses a card payment under $0.50: 'Payment is not supported for this amount'", async () => {
    cardCheckout({}, payableCart('0.30'));
    expect(await screen.findByText('Payment is not supported for this amount')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay $0.30' })).toBeDisabled();
    expect(screen.queryByLabelText('Card number')).toBeNull();
  });

  it('accepts £0.30 in GBP', async () => {
    const gbp = payableCart('0.30');
    gbp.cart_fees._data[0]!.currency_code = 'GBP';
    cardCheckout({}, gbp, makeSellerConfig({ currency: 'GBP' }));
    expect(await screen.findByRole('button', { name: 'Pay £0.30' })).toBeEnabled();
    expect(screen.queryByText('Payment is not supported for this amount')).toBeNull();
    expect(field('Card number')).toBeInTheDocument();
  });
});
