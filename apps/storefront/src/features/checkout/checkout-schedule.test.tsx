import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createFetchStub, jsonResponse } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/render-route';
import { checkoutResponse, SANDBOX_METHOD, seedCart } from '@/testing/checkout-fixtures';
import { makeScheduledPayment, scheduledCart } from '@/testing/schedule-fixtures';
import type { CartBundle } from '@admit/contracts/cart';
import { toCollection } from '@admit/contracts/envelope';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

type User = ReturnType<typeof renderRoute>['user'];

/** $60 in three installments: $10 overdue (due now), $20 in July, $30 in August. */
function planCart(overrides: { due?: string; outstanding?: string } = {}) {
  return scheduledCart({
    outstanding: overrides.outstanding ?? '60.00',
    due: overrides.due ?? '10.00',
    schedule: [
      makeScheduledPayment({ dueDate: '2026-05-01', amount: '10.00', status: 'Overdue' }),
      makeScheduledPayment({ dueDate: '2026-07-01', amount: '20.00', status: 'Upcoming' }),
      makeScheduledPayment({ dueDate: '2026-08-01', amount: '30.00', status: 'Upcoming' }),
    ],
  });
}

function scheduleCheckout(bundle: CartBundle) {
  seedCart(bundle);
  const fetch = createFetchStub({
    'GET /api/my/cart/:id': bundle,
    'POST /api/sandbox/payment_methods': jsonResponse(SANDBOX_METHOD, 201),
    'POST /api/cart/:id/guest_checkout': jsonResponse(checkoutResponse(), 201),
  });
  return { ...renderRoute('/checkout', { fetch }), fetch };
}

async function fillGuestAndCard(user: User) {
  const values: [RegExp, string][] = [
    [/^First name/, 'Ada'],
    [/^Last name/, 'Lovelace'],
    [/^Email address/, 'ada@example.org'],
    [/^Confirm email address/, 'ada@example.org'],
    [/^Card number/, '4242 4242 4242 4242'],
    [/^Expiry \(MM\/YY\)/, '12/30'],
    [/^CVC/, '123'],
  ];
  for (const [label, value] of values) await user.type(screen.getByLabelText(label), value);
}

const otherField = () => screen.getByRole('textbox', { name: 'Amount to pay now' });

async function enterOther(user: User, typed: string) {
  await user.click(screen.getByRole('radio', { name: 'Other amount' }));
  await user.clear(otherField());
  await user.type(otherField(), typed);
  await user.tab();
}

describe('scheduled payments (identity §2 "Checkout", §3, §4)', () => {
  it('lists the installments with date, amount and Upcoming/Overdue, and the cart balance', async () => {
    scheduleCheckout(planCart());
    const section = await screen.findByRole('region', { name: 'Scheduled payments' });
    const rows = within(within(section).getByRole('list')).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Due Fri, May 1, 2026$10.00Overdue',
      'Due Wed, Jul 1, 2026$20.00Upcoming',
      'Due Sat, Aug 1, 2026$30.00Upcoming',
    ]);
    expect(within(section).getByText('Cart balance: $60.00')).toBeInTheDocument();
  });

  it('shows no schedule and no options for a cart without scheduled payments', async () => {
    scheduleCheckout(scheduledCart({ outstanding: '50.00', due: '50.00', schedule: [] }));
    expect(await screen.findByRole('button', { name: 'Pay $50.00' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Scheduled payments' })).toBeNull();
    expect(screen.queryByRole('radiogroup')).toBeNull();
    expect(screen.queryByText(/^Cart balance/)).toBeNull();
  });
});

describe('partial payment options (identity §4, §5)', () => {
  it('offers due, outstanding and other, starting at due', async () => {
    scheduleCheckout(planCart());
    const group = await screen.findByRole('radiogroup', {
      name: 'How much would you like to pay now?',
    });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['Amount due: $10.00', 'Outstanding balance: $60.00', 'Other amount']);
    expect(screen.getByRole('radio', { name: 'Amount due: $10.00' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Pay $10.00' })).toBeEnabled();
  });

  it('offers only outstanding when the amount due equals the balance', async () => {
    scheduleCheckout(planCart({ due: '60.00' }));
    const group = await screen.findByRole('radiogroup');
    expect(within(group).getAllByRole('radio')).toHaveLength(1);
    expect(screen.getByRole('radio', { name: 'Outstanding balance: $60.00' })).toBeChecked();
    expect(screen.queryByRole('radio', { name: /Amount due/ })).toBeNull();
    expect(screen.queryByRole('radio', { name: 'Other amount' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Pay $60.00' })).toBeInTheDocument();
  });

  it('clamps the other amount between due and the balance on blur', async () => {
    const { user } = scheduleCheckout(planCart());
    await screen.findByRole('radiogroup');
    await enterOther(user, '500');
    expect(otherField()).toHaveValue('$60.00');
    expect(screen.getByRole('button', { name: 'Pay $60.00' })).toBeInTheDocument();
    await enterOther(user, '2');
    expect(otherField()).toHaveValue('$10.00');
    expect(screen.getByRole('button', { name: 'Pay $10.00' })).toBeInTheDocument();
    await enterOther(user, '25.456');
    expect(otherField()).toHaveValue('$25.46');
    expect(screen.getByText('Between $10.00 and $60.00')).toBeInTheDocument();
  });

  it('can be chosen with the keyboard', async () => {
    const { user } = scheduleCheckout(planCart());
    const due = await screen.findByRole('radio', { name: 'Amount due: $10.00' });
    due.focus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('radio', { name: 'Outstanding balance: $60.00' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Pay $60.00' })).toBeInTheDocument();
  });

  it.each([
    ['due', '10.00'],
    ['outstanding', '60.00'],
    ['other', '25.50'],
  ])('sends the %s amount in the checkout body', async (choice, amount) => {
    const { user, fetch, router } = scheduleCheckout(planCart());
    await screen.findByRole('radiogroup');
    if (choice === 'outstanding') {
      await user.click(screen.getByRole('radio', { name: 'Outstanding balance: $60.00' }));
    }
    if (choice === 'other') await enterOther(user, '25.5');
    await fillGuestAndCard(user);
    await user.click(screen.getByRole('button', { name: `Pay $${amount}` }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/demo-museum/checkout/complete'),
    );
    const call = fetch.requests.find((r) => r.url.pathname.endsWith('/guest_checkout'));
    expect(call?.body).toMatchObject({ amount, gateway_id: 'stripe' });
  });

  it("shows 'Payment is not supported for this amount' when the chosen amount is under the card minimum", async () => {
    const { user } = scheduleCheckout(planCart({ due: '0.30' }));
    await screen.findByRole('radiogroup');
    expect(screen.getByText('Payment is not supported for this amount')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay $0.30' })).toBeDisabled();
    expect(screen.queryByLabelText(/^Card number/)).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Outstanding balance: $60.00' }));
    expect(screen.queryByText('Payment is not supported for this amount')).toBeNull();
    expect(screen.getByLabelText(/^Card number/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay $60.00' })).toBeEnabled();
  });
});

describe('partial result (identity §4 "Checkout result": partial)', () => {
  it('names the next due payment after a gift card part-payment, clears the card and resets the choice', async () => {
    const before = planCart();
    const after = scheduledCart({
      outstanding: '40.00',
      due: '0.00',
      paid: ['20.00'],
      schedule: [
        makeScheduledPayment({ dueDate: '2026-07-01', amount: '10.00', status: 'Upcoming' }),
        makeScheduledPayment({ dueDate: '2026-08-01', amount: '30.00', status: 'Upcoming' }),
      ],
    });
    seedCart(before);
    const fetch = createFetchStub({
      'GET /api/my/cart/:id': before,
      'GET /api/ledger/ledger/:number': {
        ledger: toCollection([
          { number: '6000111122223333', balance: '20.00', currency_code: 'USD', state: 'active' },
        ]),
      },
      'POST /api/cart/:id/pay': after,
    });
    const { user } = renderRoute('/checkout', { fetch });
    await user.click(await screen.findByRole('radio', { name: 'Outstanding balance: $60.00' }));
    await user.type(screen.getByLabelText(/^Card number/), '4242 4242 4242 4242');
    await user.click(screen.getByRole('button', { name: 'Pay with a gift card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Apply a gift card' });
    await user.type(within(dialog).getByLabelText('Gift card number'), '6000111122223333');
    await user.click(within(dialog).getByRole('button', { name: 'Apply gift card' }));

    const paid = await screen.findByText('Thank you! We received your payment of $20.00.');
    const status = paid.closest('[role="status"]');
    expect(status).toHaveTextContent('Your next payment of $10.00 is due on Wed, Jul 1, 2026.');
    expect(screen.getByText('Cart balance: $40.00')).toBeInTheDocument();
    // nothing is due any more: the choice starts again at due ($0.00), completing the order
    expect(screen.getByRole('radio', { name: 'Amount due: $0.00' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Complete order' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Outstanding balance: $40.00' }));
    expect(screen.getByLabelText(/^Card number/)).toHaveValue('');
  });
});

describe('gift card with partial payment options', () => {
  it('pays at most the amount chosen now, not the whole card', async () => {
    const before = planCart();
    seedCart(before);
    const fetch = createFetchStub({
      'GET /api/my/cart/:id': before,
      'GET /api/ledger/ledger/:number': {
        ledger: toCollection([
          { number: '6000111122223333', balance: '50.00', currency_code: 'USD', state: 'active' },
        ]),
      },
      'POST /api/cart/:id/pay': planCart({ outstanding: '50.00', due: '0.00' }),
    });
    const { user } = renderRoute('/checkout', { fetch });
    // the amount due ($10.00) is chosen at first
    await screen.findByRole('button', { name: 'Pay $10.00' });
    await user.click(screen.getByRole('button', { name: 'Pay with a gift card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Apply a gift card' });
    await user.type(within(dialog).getByLabelText('Gift card number'), '6000111122223333');
    await user.click(within(dialog).getByRole('button', { name: 'Apply gift card' }));
    await waitFor(() =>
      expect(fetch.requests.some((r) => r.url.pathname.endsWith('/pay'))).toBe(true),
    );
    const pay = fetch.requests.find((r) => r.url.pathname.endsWith('/pay'));
    expect(pay?.body).toMatchObject({ amount: '10.00', gateway_id: 'ledger' });
  });
});
