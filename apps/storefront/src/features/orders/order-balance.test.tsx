import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { OrderBundle } from '@admit/contracts/checkout';
import { toCollection } from '@admit/contracts/envelope';
import { FIXTURE_CART_ID } from '@/testing/cart-fixtures';
import { checkoutResponse, ORDER_ID } from '@/testing/checkout-fixtures';
import { createFetchStub } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/render-route';
import { makeScheduledPayment } from '@/testing/schedule-fixtures';

beforeEach(() => localStorage.clear());

function orderWithBalance(outstanding: string): OrderBundle {
  const { access_secret: _secret, ...order } = checkoutResponse();
  return {
    ...order,
    ticket_order_fees: toCollection([
      {
        ticket_order_id: ORDER_ID,
        currency_code: 'USD',
        total_before_cartmod_price: '60.00',
        total_fee_fixed_outside: '0.00',
        total_fee_percent_outside: '0.00',
        total_cartmod_amount: '0.00',
        total_after_fees_price: '60.00',
        total_payments: (60 - Number(outstanding)).toFixed(2),
        total_outstanding: outstanding,
      },
    ]),
    scheduled_payment: toCollection(
      outstanding === '0.00'
        ? []
        : [
            makeScheduledPayment({
              ticket_order_id: ORDER_ID,
              dueDate: '2026-08-01',
              amount: '20.00',
              status: 'Upcoming',
            }),
            makeScheduledPayment({
              ticket_order_id: ORDER_ID,
              dueDate: '2026-05-01',
              amount: '20.00',
              status: 'Overdue',
            }),
          ],
    ),
  };
}

describe('ticket order page with a balance (identity §3, §4 scheduled payments)', () => {
  it('shows the balance, the installments left and a link to pay it', async () => {
    const fetch = createFetchStub({ 'GET /api/ticket_order/:id': orderWithBalance('40.00') });
    renderRoute(`/ticket_order/${ORDER_ID}`, { fetch });
    const section = await screen.findByRole('region', { name: 'Balance to pay: $40.00' });
    const rows = within(section).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Due Fri, May 1, 2026$20.00Overdue',
      'Due Sat, Aug 1, 2026$20.00Upcoming',
    ]);
    expect(within(section).getByRole('link', { name: 'Pay balance' })).toHaveAttribute(
      'href',
      `/demo-museum/checkout/${FIXTURE_CART_ID}`,
    );
  });

  it('shows no balance when the order is paid up', async () => {
    const fetch = createFetchStub({ 'GET /api/ticket_order/:id': orderWithBalance('0.00') });
    renderRoute(`/ticket_order/${ORDER_ID}`, { fetch });
    expect(await screen.findByRole('heading', { name: 'Order A-1001' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Pay balance' })).toBeNull();
    expect(screen.queryByText(/^Balance to pay/)).toBeNull();
  });
});
