import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FIXTURE_CART_ID } from '@/testing/cart-fixtures';
import {
  afterThirty,
  balanceCart,
  balanceCheckout,
  fillCard,
  payCalls,
} from '@/testing/balance-fixtures';

/** jsdom has no layout: the phone media query is answered here. */
function phoneWidth(matches: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

// spec: identity §2 Checkout "mobile footer (cart button, total, pay button)"; decision 0021
describe('mobile footer pay button on the balance of an order', () => {
  it('shows the balance, submits the balance form from the footer and mirrors its state', async () => {
    phoneWidth(true);
    let answer: (bundle: unknown) => void = () => undefined;
    const { user, fetch, router } = balanceCheckout(
      balanceCart(),
      () => new Promise((resolve) => (answer = resolve)),
    );
    const footer = await screen.findByTestId('mobile-balance-footer');
    expect(within(footer).getByText('Balance to pay')).toBeInTheDocument();
    expect(within(footer).getByText('$60.00')).toBeInTheDocument();
    const pay = await within(footer).findByRole('button', { name: 'Pay $20.00' });

    // the form's own card check runs: nothing is paid with empty card fields
    await user.click(pay);
    expect(await screen.findByText('Card number is not valid.')).toBeInTheDocument();
    expect(payCalls(fetch)).toEqual([]);
    // identity §5, §9: the first invalid field gets the focus (after 100 ms) before we type
    await waitFor(() => expect(screen.getByLabelText(/^Card number/)).toHaveFocus());

    // the footer follows the chosen amount
    await user.click(screen.getByRole('radio', { name: 'Outstanding balance: $60.00' }));
    await fillCard(user);
    await user.click(within(footer).getByRole('button', { name: 'Pay $60.00' }));

    const busy = await within(footer).findByRole('button', { name: 'Processing payment…' });
    expect(busy).toBeDisabled();
    const calls = payCalls(fetch);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url.pathname).toBe(`/api/cart/${FIXTURE_CART_ID}/pay`);
    expect(calls[0]?.body).toMatchObject({
      amount: '60.00',
      gateway_id: 'stripe',
      gateway_data: { source: 'pm_sandbox_1', source_type: 'card' },
    });

    // a partial answer: the page stays and the footer shows the new balance and amount due
    answer(afterThirty());
    expect(await within(footer).findByRole('button', { name: 'Pay $10.00' })).toBeEnabled();
    expect(within(footer).getByText('$30.00')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/demo-museum/checkout/${FIXTURE_CART_ID}`);
  });

  it('is not there on wider screens, where the form has the only pay button', async () => {
    phoneWidth(false);
    balanceCheckout(balanceCart(), () => ({}));
    expect(await screen.findByRole('button', { name: 'Pay $20.00' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Pay $20.00' })).toHaveLength(1);
    expect(screen.queryByTestId('mobile-balance-footer')).toBeNull();
  });
});
