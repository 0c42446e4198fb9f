import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toCollection } from '@admit/contracts/envelope';
import { createFetchStub, jsonResponse } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/render-route';
import { FIXTURE_CART_ID } from '@/testing/cart-fixtures';
import {
  checkoutResponse,
  ORDER_ID,
  payableCart,
  SANDBOX_METHOD,
  seedCart,
} from '@/testing/checkout-fixtures';
import { clearAuthCookie, seedLoggedIn, setAuthCookie } from '@/features/login/login-test-kit';
import { myUserBody } from '@/features/user/user-test-kit';

const GIFT_CARD = '6000111122223333';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  seedLoggedIn();
  setAuthCookie();
});
afterEach(() => clearAuthCookie());

// spec: identity §6 "Logged-in member: uses the member-scoped cart calls; the identity form is
// hidden…; a message shows the e-mail"; §3 payment entry; shopping §8 gift card
describe("a member's cart paid part by gift card, the rest by card", () => {
  it('pays through my/cart/{id}/pay and checks out through my/cart/{id}/checkout', async () => {
    const owned = { cart: { ownedByPublicIdentity: false } };
    let paidByGiftCard = false;
    const fetch = createFetchStub({
      'GET /api/my/cart/:id': () => payableCart(paidByGiftCard ? '30.00' : '50.00', owned),
      'GET /api/my/user': myUserBody({ email: 'ada@example.org', needs_email: false }),
      'GET /api/ledger/ledger/:number': {
        ledger: toCollection([
          { number: GIFT_CARD, balance: '20.00', currency_code: 'USD', state: 'active' },
        ]),
      },
      'POST /api/my/cart/:id/pay': () => {
        paidByGiftCard = true;
        return payableCart('30.00', owned);
      },
      'POST /api/sandbox/payment_methods': jsonResponse(SANDBOX_METHOD, 201),
      'POST /api/my/cart/:id/checkout': jsonResponse(checkoutResponse(), 201),
    });
    seedCart(payableCart('50.00', owned));
    const { user, router } = renderRoute('/checkout', { fetch });

    // the identity form is hidden; the account's e-mail is named instead
    expect(
      await screen.findByText('Your tickets will be sent to ada@example.org.'),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText(/^First name/)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Pay with a gift card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Apply a gift card' });
    await user.type(within(dialog).getByLabelText('Gift card number'), GIFT_CARD);
    await user.click(within(dialog).getByRole('button', { name: 'Apply gift card' }));
    expect(
      await screen.findByText('Thank you! We received your payment of $20.00.'),
    ).toBeInTheDocument();
    const pay = await screen.findByRole('button', { name: 'Pay $30.00' });

    await user.type(screen.getByLabelText(/^Card number/), '4242 4242 4242 4242');
    await user.type(screen.getByLabelText(/^Expiry \(MM\/YY\)/), '12/30');
    await user.type(screen.getByLabelText(/^CVC/), '123');
    // a member has no purchaser form: the card asks its own billing ZIP, once (decision 0031)
    expect(screen.getAllByLabelText(/ZIP/)).toHaveLength(1);
    await user.type(screen.getByLabelText(/^Billing ZIP \/ Postcode/), '10001');
    await user.click(pay);

    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/demo-museum/checkout/complete'),
    );
    expect(router.state.location.search).toBe(`?orderIds=${ORDER_ID}`);

    const posts = fetch.requests.filter((r) => r.method === 'POST');
    const giftPay = posts.find((r) => r.url.pathname.endsWith('/pay'));
    expect(giftPay?.url.pathname).toBe(`/api/my/cart/${FIXTURE_CART_ID}/pay`);
    expect(giftPay?.body).toEqual({
      amount: '20.00',
      gateway_id: 'ledger',
      gateway_data: { ledger_type: 'ledger', ledger_number: GIFT_CARD },
    });
    const checkout = posts.find((r) => r.url.pathname.endsWith('/checkout'));
    expect(checkout?.url.pathname).toBe(`/api/my/cart/${FIXTURE_CART_ID}/checkout`);
    expect(checkout?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(checkout?.body).toMatchObject({
      amount: '30.00',
      gateway_id: 'stripe',
      gateway_data: { source: 'pm_sandbox_1', source_type: 'card' },
    });
    // a member checks out as the account: no purchaser, no guest call
    expect(checkout?.body).not.toHaveProperty('purchaser');
    expect(posts.some((r) => r.url.pathname.includes('guest_checkout'))).toBe(false);
    expect(posts.some((r) => r.url.pathname.startsWith('/api/cart/'))).toBe(false);
  });
});
