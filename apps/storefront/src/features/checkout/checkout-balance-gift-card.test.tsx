import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CartBundle } from '@admit/contracts/cart';
import { toCollection } from '@admit/contracts/envelope';
import { errorResponse } from '@/testing/fetch-stub';
import type { Fixture } from '@/testing/fetch-stub';
import { FIXTURE_CART_ID } from '@/testing/cart-fixtures';
import { ORDER_ID } from '@/testing/checkout-fixtures';
import {
  afterThirty,
  balanceCart,
  balanceCheckout,
  paidUp,
  payCalls,
} from '@/testing/balance-fixtures';

const CARD = '6000111122223333';
const ledgerCard = (balance: string, state = 'active') => ({
  ledger: toCollection([{ number: CARD, balance, currency_code: 'USD', state }]),
});

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

/** Balance mode with the gift card modal: `ledger` answers the card look-up, `pay` the pay call. */
function giftCardBalance(ledger: Fixture, pay: Fixture, cart: CartBundle = balanceCart()) {
  return balanceCheckout(cart, () => pay, { extra: { 'GET /api/ledger/ledger/:number': ledger } });
}

async function applyGiftCard(user: ReturnType<typeof balanceCheckout>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Pay with a gift card' }));
  const dialog = await screen.findByRole('dialog', { name: 'Apply a gift card' });
  await user.type(within(dialog).getByLabelText('Gift card number'), CARD);
  await user.click(within(dialog).getByRole('button', { name: 'Apply gift card' }));
  return dialog;
}

// spec: shopping §2 "apply a gift card", §5, §8 "Gift card"; identity §4 "Checkout result"
// (partial: stay; completed paying an existing order: its page); decision 0021 balance mode
describe('gift card on the balance of an order', () => {
  it('pays the chosen amount, not the whole card or balance, and stays with the partial message', async () => {
    const { user, fetch, router } = giftCardBalance(ledgerCard('50.00'), afterThirty());
    await screen.findByRole('radiogroup');
    await user.click(screen.getByRole('radio', { name: 'Other amount' }));
    const other = screen.getByRole('textbox', { name: 'Amount to pay now' });
    await user.clear(other);
    await user.type(other, '30');
    await user.tab();
    await screen.findByRole('button', { name: 'Pay $30.00' });
    await applyGiftCard(user);

    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Thank you! We received your payment of $30.00.');
    expect(status).toHaveTextContent('Your next payment of $10.00 is due on Wed, Jul 1, 2026.');
    expect(screen.queryByRole('dialog', { name: 'Apply a gift card' })).toBeNull();
    const calls = payCalls(fetch);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url.pathname).toBe(`/api/cart/${FIXTURE_CART_ID}/pay`);
    expect(calls[0]?.body).toEqual({
      amount: '30.00',
      gateway_id: 'ledger',
      gateway_data: { ledger_type: 'ledger', ledger_number: CARD },
    });
    // still the balance page of the order, with the new totals and the choice back at due
    expect(router.state.location.pathname).toBe(`/demo-museum/checkout/${FIXTURE_CART_ID}`);
    expect(screen.getByRole('heading', { level: 1, name: 'Pay your balance' })).toBeInTheDocument();
    expect(screen.getByText('Cart balance: $30.00')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Amount due: $10.00' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Pay $10.00' })).toBeInTheDocument();
  });

  it('pays only what the card holds when that is less than the amount due', async () => {
    const { user, fetch } = giftCardBalance(ledgerCard('15.00'), afterThirty());
    await screen.findByRole('button', { name: 'Pay $20.00' });
    await applyGiftCard(user);
    await screen.findByRole('status');
    expect(payCalls(fetch)[0]?.body).toMatchObject({ amount: '15.00', gateway_id: 'ledger' });
  });

  it("goes to the order's page when the card pays the balance off (a member's cart pays through my/cart)", async () => {
    const { user, fetch, router } = giftCardBalance(
      ledgerCard('80.00'),
      paidUp(),
      balanceCart(false),
    );
    await screen.findByRole('radiogroup');
    await user.click(screen.getByRole('radio', { name: 'Outstanding balance: $60.00' }));
    await screen.findByRole('button', { name: 'Pay $60.00' });
    await applyGiftCard(user);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/demo-museum/ticket_order/${ORDER_ID}`),
    );
    const [call] = payCalls(fetch);
    expect(call?.url.pathname).toBe(`/api/my/cart/${FIXTURE_CART_ID}/pay`);
    expect(call?.body).toMatchObject({ amount: '60.00', gateway_id: 'ledger' });
  });

  it.each([
    ['an unknown card', errorResponse(404, 'not_found'), {}, /^Gift card not found$/],
    ['an empty card', ledgerCard('0.00'), {}, /^Gift Card balance is \$0$/],
    [
      'a card the server says was applied',
      ledgerCard('20.00'),
      errorResponse(422, 'duplicate_code', 'Oops! You already applied this gift card'),
      /^Oops! You already applied this gift card$/,
    ],
  ])('shows the error for %s in the modal and stays', async (_name, ledger, pay, text) => {
    const { user, router } = giftCardBalance(ledger, pay);
    const dialog = await applyGiftCard(user);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(text);
    expect(screen.queryByRole('status')).toBeNull();
    expect(router.state.location.pathname).toBe(`/demo-museum/checkout/${FIXTURE_CART_ID}`);
  });

  it('knows a card already paid on the order without asking the server', async () => {
    const cart = balanceCart();
    cart.payment = toCollection([
      ...(cart.payment?._data ?? []),
      {
        id: 'a1b2c3d4-0000-4000-8000-0000000000c1',
        cart_id: FIXTURE_CART_ID,
        gateway_id: 'ledger',
        amount: '20.00',
        state: 'succeeded',
        ledger_number: '************3333',
        created_at: '2026-06-01T14:00:00.000Z',
      },
    ]);
    const { user, fetch } = giftCardBalance(ledgerCard('20.00'), {}, cart);
    const dialog = await applyGiftCard(user);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Oops! You already applied this gift card',
    );
    expect(fetch.requests.some((r) => r.url.pathname.startsWith('/api/ledger'))).toBe(false);
    expect(payCalls(fetch)).toEqual([]);
  });
});
