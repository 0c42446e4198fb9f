import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { OrderBundle } from '@admit/contracts/checkout';
import { toCollection } from '@admit/contracts/envelope';
import { setSellerSlug } from '@/config/seller-slug';
import { fixtureId, makeTicketGroup, makeTicketType } from '@/testing/api-fixtures';
import { makeTicket } from '@/testing/cart-fixtures';
import { createFetchStub } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/render-route';
import { ORDER_ID, orderBundle } from '@/testing/order-fixtures';

/**
 * The completed page and the tickets page read as a receipt (issue #22): each line's price,
 * discount, service charge, tax and total from the wire's tickets (rules/receipt-lines.ts); a
 * donation is a line of its own, never a ticket with a code.
 */

const DONATIONS = fixtureId(101);
const GIFT = fixtureId(201);

function receiptOrder(): OrderBundle {
  const base = orderBundle();
  const admission = (scan: string) => ({
    ...makeTicket({
      state: 'booked',
      ticket_order_id: ORDER_ID,
      face_value: '25.00',
      adjusted_value: '20.00',
    }),
    scan_code: scan,
  });
  return {
    ...base,
    ticket: toCollection([
      admission('SC-1'),
      admission('SC-2'),
      {
        ...makeTicket({
          state: 'booked',
          ticket_order_id: ORDER_ID,
          ticket_group_id: DONATIONS,
          ticket_type_id: GIFT,
          event_session_id: null,
          face_value: '12.50',
          adjusted_value: '12.50',
        }),
        scan_code: 'SC-DONATION',
      },
    ]),
    ticket_group: toCollection([
      makeTicketGroup(),
      makeTicketGroup({ id: DONATIONS, name: 'Support us', handler: 'donation' }),
    ]),
    ticket_type: toCollection([
      makeTicketType({
        name: 'Adult',
        outside_fees: [
          { name: 'fee_fixed_outside', fee: '1.50' },
          { name: 'fee_percent_outside', fee: '8.875' },
        ],
      }),
      makeTicketType({ id: GIFT, ticket_group_id: DONATIONS, name: 'Gift' }),
    ]),
  };
}

// 2 × 25.00 less 2 × 5.00; 2 × 1.50 service charge; 8.875 % of 20.00 = 1.78 twice: 46.56
const RECEIPT = [
  '2 × Adult $50.00',
  'Discount -$10.00',
  'Service charge $3.00',
  'Tax $3.56',
  'Line total $46.56',
  'Donation $12.50',
];

beforeEach(() => {
  localStorage.clear();
  setSellerSlug('demo-museum');
});

describe('receipts on the order pages', () => {
  it('the completed page lists each line with its discount, fees and tax, and the donation', async () => {
    const fetch = createFetchStub({ [`GET /api/ticket_order/${ORDER_ID}`]: receiptOrder() });
    renderRoute(`/checkout/complete?orderIds=${ORDER_ID}`, { fetch });
    for (const text of RECEIPT) expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it('the tickets page shows the receipt, and a code only for what admits someone', async () => {
    const fetch = createFetchStub({ 'GET /api/ticket_order/:id': receiptOrder() });
    renderRoute(`/ticket_order/${ORDER_ID}?secret=s3cret`, { fetch });
    for (const text of RECEIPT) expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByText('SC-1')).toBeInTheDocument();
    expect(screen.getByText('SC-2')).toBeInTheDocument();
    expect(screen.queryByText('SC-DONATION')).toBeNull();
  });

  // decision 0047 "Update (frozen fees)": the order's tickets carry what they were charged
  it('lists the fees each ticket was charged, not the fees its type has today', async () => {
    const order = receiptOrder();
    const charged = {
      ...order,
      ticket: toCollection(
        order.ticket._data.map((t) =>
          t.ticket_group_id === DONATIONS
            ? t
            : { ...t, fee_fixed_outside: '1.00', fee_percent_outside: '1.25' },
        ),
      ),
    };
    const fetch = createFetchStub({ [`GET /api/ticket_order/${ORDER_ID}`]: charged });
    renderRoute(`/checkout/complete?orderIds=${ORDER_ID}`, { fetch });
    // 2 × (20.00 + 1.00 + 1.25) = 44.50, whatever the type's 1.50 and 8.875 % say now
    for (const text of ['Service charge $2.00', 'Tax $2.50', 'Line total $44.50']) {
      expect(await screen.findByText(text)).toBeInTheDocument();
    }
    expect(screen.queryByText('Tax $3.56')).toBeNull();
  });
});
