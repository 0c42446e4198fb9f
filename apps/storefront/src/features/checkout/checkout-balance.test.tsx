import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { FIXTURE_CART_ID } from '@/testing/cart-fixtures';
import { ORDER_ID } from '@/testing/checkout-fixtures';
import type { CheckoutCall } from '@/features/checkout/api/checkout-cart';
import { savePendingAuthentication } from '@/features/checkout/model/pending-authentication';
import {
  afterThirty,
  balanceCart,
  balanceCheckout,
  fillCard,
  owedMoveCart,
  paidUp,
  payCalls,
} from '@/testing/balance-fixtures';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('paying the balance of an order (identity §2 "Checkout" by cartId, §4)', () => {
  it('shows the balance checkout of a completed cart: no identity form, the schedule and the options', async () => {
    balanceCheckout(balanceCart(), () => ({}));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Pay your balance' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Order A-1001')).toBeInTheDocument();
    expect(screen.queryByLabelText(/^First name/)).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Your information' })).toBeNull();
    const schedule = screen.getByRole('region', { name: 'Scheduled payments' });
    expect(within(schedule).getAllByRole('listitem')).toHaveLength(3);
    expect(within(schedule).getByText('Overdue')).toBeInTheDocument();
    expect(within(schedule).getByText('Cart balance: $60.00')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Amount due: $20.00' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Pay $20.00' })).toBeEnabled();
  });

  it('pays with the pay call, says what was paid and the next due payment, clears the card and resets the choice', async () => {
    const { user, fetch, router } = balanceCheckout(balanceCart(), () => afterThirty());
    await screen.findByRole('radiogroup');
    await user.click(screen.getByRole('radio', { name: 'Other amount' }));
    const other = screen.getByRole('textbox', { name: 'Amount to pay now' });
    await user.clear(other);
    await user.type(other, '30');
    await user.tab();
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Pay $30.00' }));

    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Thank you! We received your payment of $30.00.');
    expect(status).toHaveTextContent('Your next payment of $10.00 is due on Wed, Jul 1, 2026.');
    expect(router.state.location.pathname).toBe(`/demo-museum/checkout/${FIXTURE_CART_ID}`);
    const [call] = payCalls(fetch);
    expect(call?.url.pathname).toBe(`/api/cart/${FIXTURE_CART_ID}/pay`);
    expect(call?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(call?.body).toMatchObject({
      amount: '30.00',
      gateway_id: 'stripe',
      gateway_data: { source: 'pm_sandbox_1', source_type: 'card' },
    });
    // identity §4: the completed payments changed, so the selection is back at due
    expect(screen.getByRole('radio', { name: 'Amount due: $10.00' })).toBeChecked();
    expect(screen.queryByRole('textbox', { name: 'Amount to pay now' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Pay $10.00' })).toBeInTheDocument();
    expect(screen.getByText('Cart balance: $30.00')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Card number/)).toHaveValue('');
  });

  it("goes to the order's page when nothing is outstanding afterwards (a member's cart pays through my/cart)", async () => {
    const { user, fetch, router } = balanceCheckout(balanceCart(false), () => paidUp());
    await screen.findByRole('radiogroup');
    await user.click(screen.getByRole('radio', { name: 'Outstanding balance: $60.00' }));
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Pay $60.00' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/demo-museum/ticket_order/${ORDER_ID}`),
    );
    const [call] = payCalls(fetch);
    expect(call?.url.pathname).toBe(`/api/my/cart/${FIXTURE_CART_ID}/pay`);
    expect(call?.body).toMatchObject({ amount: '60.00' });
  });

  it('an order owing what an office move left, without a plan: shows the balance and pays exactly it (decision 0101)', async () => {
    const { user, fetch, router } = balanceCheckout(owedMoveCart(), () => paidUp());
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Pay your balance' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Order A-1001')).toBeInTheDocument();
    // no schedule: the owed amount is the one option, the whole balance
    expect(screen.queryByRole('region', { name: 'Scheduled payments' })).toBeNull();
    const options = within(screen.getByRole('radiogroup'));
    expect(options.getAllByRole('radio')).toHaveLength(1);
    expect(options.getByRole('radio', { name: 'Outstanding balance: $4.37' })).toBeChecked();
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Pay $4.37' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/demo-museum/ticket_order/${ORDER_ID}`),
    );
    const [call] = payCalls(fetch);
    expect(call?.url.pathname).toBe(`/api/cart/${FIXTURE_CART_ID}/pay`);
    expect(call?.body).toMatchObject({ amount: '4.37', gateway_id: 'stripe' });
  });

  it('back from the authentication page, completes the saved balance payment once', async () => {
    const entry = {
      amount: '30.00',
      gateway_id: 'stripe',
      gateway_data: { source: 'pm_sandbox_1', source_type: 'card' },
    };
    savePendingAuthentication(FIXTURE_CART_ID, { kind: 'guest', body: entry } as CheckoutCall);
    const { fetch } = balanceCheckout(balanceCart(), () => afterThirty(), {
      search: '?payment_intent=pay_9',
    });
    await waitFor(() => expect(payCalls(fetch)).toHaveLength(1));
    expect(payCalls(fetch)[0]?.body).toEqual({
      ...entry,
      gateway_data: { ...entry.gateway_data, payment_intent_id: 'pay_9' },
    });
    expect(
      await screen.findByText('Thank you! We received your payment of $30.00.', { exact: false }),
    ).toBeInTheDocument();
    expect(payCalls(fetch)).toHaveLength(1);
  });
});
