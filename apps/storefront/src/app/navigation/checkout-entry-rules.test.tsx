import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CartBundle } from '@admit/contracts/cart';
import { createFetchStub } from '@/testing/fetch-stub';
import type { Fixture } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/render-route';
import { makeSellerConfig } from '@/testing/seller-config';
import { FIXTURE_CART_ID } from '@/testing/cart-fixtures';
import { payableCart, seedCart } from '@/testing/checkout-fixtures';
import { makeScheduledPayment, scheduledCart } from '@/testing/schedule-fixtures';
import { clearCart } from '@/stores/cart-store';
import {
  clearAuthCookie,
  loggingIn,
  loginResponse,
  seedLoggedIn,
  setAuthCookie,
  storedMember,
} from '@/features/login/login-test-kit';
import { myUserBody } from '@/features/user/user-test-kit';

const CHOICE = 'Log in or continue as a guest';
const WITH_EMAIL = myUserBody({ email: 'ada@example.org', needs_email: false });

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  clearAuthCookie();
});
afterEach(() => clearAuthCookie());

/** Opens the checkout the way a visitor arrives from the shop: after another page of it. */
async function arriveAtCheckout(
  fixtures: Record<string, Fixture>,
  config = makeSellerConfig(),
  bundle: CartBundle = payableCart(),
) {
  seedCart(bundle);
  const fetch = createFetchStub({ 'GET /api/my/cart/:id': bundle, ...fixtures });
  const view = renderRoute('/resend', { fetch, config });
  await screen.findByRole('heading', { level: 1 });
  await act(() => view.router.navigate('/checkout'));
  return { ...view, fetch };
}

describe('login-or-guest at checkout (identity §2 Login; decision 0019 "Update")', () => {
  it("offers the choice once per cart; 'Shop as a Guest' goes on with the purchaser form", async () => {
    const { user, router } = await arriveAtCheckout({});
    const dialog = await screen.findByRole('dialog', { name: CHOICE });
    await user.click(within(dialog).getByRole('button', { name: 'Shop as a Guest' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByLabelText(/^First name/)).toBeInTheDocument();

    // away and back in the same tab: not asked again for this cart
    await act(() => router.navigate('/resend'));
    await act(() => router.navigate('/checkout'));
    expect(await screen.findByLabelText(/^First name/)).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: CHOICE })).toBeNull();
  });

  it('by keyboard: focus starts on "Log in", and "Shop as a Guest" hands it to the card number', async () => {
    const { user } = await arriveAtCheckout({});
    const dialog = await screen.findByRole('dialog', { name: CHOICE });
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Log in' })).toHaveFocus(),
    );
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Shop as a Guest' })).toHaveFocus();
    await user.keyboard('{Enter}');

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // the first field to fill, not the heading above the promo codes and the donation
    await waitFor(() => expect(screen.getByLabelText('Card number')).toHaveFocus());
  });

  it('logs in, hands the cart over and goes on as the member', async () => {
    let loggedIn = false;
    const memberCart = payableCart('50.00', { cart: { ownedByPublicIdentity: false } });
    const { user, fetch } = await arriveAtCheckout({
      'GET /api/my/cart/:id': () => (loggedIn ? memberCart : payableCart()),
      'POST /api/login': () => {
        loggedIn = true;
        return loggingIn(loginResponse({ cartId: FIXTURE_CART_ID }))();
      },
      'GET /api/my/user': WITH_EMAIL,
    });
    const choice = await screen.findByRole('dialog', { name: CHOICE });
    await user.click(within(choice).getByRole('button', { name: 'Log in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log in' });
    await user.type(await within(dialog).findByLabelText('Email or username'), 'ada');
    await user.type(within(dialog).getByLabelText('Password'), 'Correct-horse-1');
    await user.click(within(dialog).getByRole('button', { name: 'Log in' }));

    expect(
      await screen.findByText('Your tickets will be sent to ada@example.org.'),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText(/^First name/)).toBeNull();
    expect(storedMember()?.loggedIn).toBe(true);
    const login = fetch.requests.find((r) => r.url.pathname === '/api/login');
    expect(login?.body).toMatchObject({ cart_id: FIXTURE_CART_ID });
  });

  it.each([
    ['the login is disabled', makeSellerConfig({ authentication_method: 'none' })],
    ['the login is external', makeSellerConfig({ authentication_method: 'external' })],
  ])('does not ask when %s', async (_name, config) => {
    await arriveAtCheckout({}, config);
    expect(await screen.findByLabelText(/^First name/)).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: CHOICE })).toBeNull();
  });

  it('does not ask on a landing (reload, link) or a return from the card provider', async () => {
    seedCart(payableCart());
    const fetch = createFetchStub({ 'GET /api/my/cart/:id': payableCart() });
    renderRoute('/checkout', { fetch });
    expect(await screen.findByLabelText(/^First name/)).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: CHOICE })).toBeNull();
  });

  it('does not ask after expresscheckout', async () => {
    seedCart(payableCart());
    const fetch = createFetchStub({ 'GET /api/my/cart/:id': payableCart() });
    const { router } = renderRoute('/resend?expresscheckout=1', { fetch });
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await act(() => router.navigate('/checkout'));
    expect(await screen.findByLabelText(/^First name/)).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: CHOICE })).toBeNull();
  });

  it('does not ask when the cart was booked meanwhile (paying an order balance)', async () => {
    let bundle: CartBundle = payableCart();
    seedCart(bundle);
    const fetch = createFetchStub({ 'GET /api/my/cart/:id': () => bundle });
    const { router } = renderRoute('/resend', { fetch });
    await screen.findByRole('heading', { level: 1 });
    // the order was made (the complete page forgets the cart); its balance is paid later
    bundle = scheduledCart({
      outstanding: '60.00',
      due: '20.00',
      cart: { state: 'completed', expires_in: null, expires_at: null },
      order: true,
      schedule: [makeScheduledPayment({ dueDate: '2026-07-01', amount: '60.00' })],
    });
    act(() => clearCart());
    await act(() => router.navigate(`/checkout/${FIXTURE_CART_ID}`));
    expect(await screen.findByRole('heading', { name: 'Pay your balance' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: CHOICE })).toBeNull();
  });
});

describe('set e-mail before checkout (identity §6)', () => {
  it('sends a member without a valid e-mail to set one and brings them back', async () => {
    seedLoggedIn();
    setAuthCookie();
    let saved = false;
    const memberCart = payableCart('50.00', { cart: { ownedByPublicIdentity: false } });
    seedCart(memberCart);
    const fetch = createFetchStub({
      'GET /api/my/cart/:id': memberCart,
      'GET /api/my/user': () => (saved ? WITH_EMAIL : myUserBody()),
      'PUT /api/my/user/email': () => {
        saved = true;
        return WITH_EMAIL;
      },
    });
    const { user, router } = renderRoute('/checkout', { fetch });

    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/demo-museum/user/set-email-address'),
    );
    expect(router.state.location.search).toBe('?next=%2Fcheckout');
    expect(screen.queryByRole('heading', { name: 'Payment information' })).toBeNull();
    await user.type(await screen.findByLabelText('Email address'), 'ada@example.org');
    await user.type(screen.getByLabelText('Confirm email address'), 'ada@example.org');
    await user.click(screen.getByRole('button', { name: 'Save email address' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/demo-museum/checkout'));
    expect(
      await screen.findByText('Your tickets will be sent to ada@example.org.'),
    ).toBeInTheDocument();
  });

  it('lets a member with an e-mail straight through', async () => {
    seedLoggedIn();
    setAuthCookie();
    const memberCart = payableCart('50.00', { cart: { ownedByPublicIdentity: false } });
    seedCart(memberCart);
    const fetch = createFetchStub({
      'GET /api/my/cart/:id': memberCart,
      'GET /api/my/user': WITH_EMAIL,
    });
    const { router } = renderRoute('/checkout', { fetch });
    expect(
      await screen.findByText('Your tickets will be sent to ada@example.org.'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/demo-museum/checkout');
  });
});
