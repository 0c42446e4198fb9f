import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toCollection } from '@admit/contracts/envelope';
import { logOutMember } from '@/testing/membership-fixtures';
import { fixtureId, makeTicketType } from '@/testing/api-fixtures';
import { makeEventSession } from '@/testing/cart-fixtures';
import {
  renderAccountRoute,
  ADULT,
  CHILD,
  makeAccountTicket,
  makeOrder,
  ORDER_A,
  ORDER_B,
  SESSION_PAST,
  SESSION_SOON,
  ticketOrderListBody,
} from '@/testing/account-fixtures';

const NOW = Date.parse('2026-06-01T14:00:00.000Z');
const ACCEPTED = { accepted: toCollection([{ accepted: true as const }]) };

beforeEach(() => {
  logOutMember();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

const renderAccount = renderAccountRoute;

const SESSIONS = [
  makeEventSession({
    id: SESSION_SOON,
    start_datetime: '2026-06-10T14:00:00.000Z',
    end_datetime: '2026-06-10T14:30:00.000Z',
  }),
  makeEventSession({
    id: SESSION_PAST,
    start_datetime: '2026-05-01T14:00:00.000Z',
    end_datetime: '2026-05-01T14:30:00.000Z',
  }),
];
const upcomingOrder = {
  order: makeOrder(),
  total: '65.00',
  tickets: [
    makeAccountTicket({ ticket_type_id: ADULT }),
    makeAccountTicket({ ticket_type_id: ADULT }),
    makeAccountTicket({ ticket_type_id: CHILD }),
  ].map((t) => ({ ...t, event_session_id: SESSION_SOON })),
};
const pastOrder = {
  order: makeOrder({ id: ORDER_B, order_number: '100007', created_at: '2026-04-20T15:00:00.000Z' }),
  total: '50.00',
  tickets: [
    makeAccountTicket({ ticket_order_id: ORDER_B, event_session_id: SESSION_PAST }),
    makeAccountTicket({
      ticket_order_id: ORDER_B,
      event_session_id: fixtureId(8103),
      event_template_id: fixtureId(2),
    }),
  ],
};
const bothOrders = ticketOrderListBody([upcomingOrder, pastOrder], SESSIONS);

describe('/my/orders (identity §2 "Recent orders")', () => {
  it('lists the orders newest first with number, date, contents and a View link', async () => {
    const { fetch } = renderAccount('/my/orders', { 'GET /api/my/ticket_order': bothOrders });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'My recent orders' }),
    ).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Order #', 'Order date', 'Order contents']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      '100042Sat, May 30 20261 events – 3 ticketsView',
      '100007Mon, April 20 20262 events – 2 ticketsView',
    ]);
    expect(within(rows[0]!).getByRole('link', { name: 'View order 100042' })).toHaveAttribute(
      'href',
      `/demo-museum/my/orders/${ORDER_A}`,
    );
    const asked = fetch.requests.find((r) => r.url.pathname === '/api/my/ticket_order')!;
    expect(asked.url.searchParams.get('ticket.state._in')).toBe('booked,redeemed');
    expect(asked.url.searchParams.get('id._in')).toBeNull();
  });

  it('says when there are none', async () => {
    renderAccount('/my/orders', {
      'GET /api/my/ticket_order': ticketOrderListBody([]),
    });
    expect(await screen.findByText('You have no recent orders.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});

describe('/my/orders/{id} (identity §2 "Order detail")', () => {
  it('shows the order’s facts and events, and resends while a visit is upcoming', async () => {
    const { user, fetch } = renderAccount(`/my/orders/${ORDER_A}`, {
      'GET /api/my/ticket_order': ticketOrderListBody([upcomingOrder], SESSIONS),
      'POST /api/ticket_order/:id/email': ACCEPTED,
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Order 100042' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to all recent orders' })).toHaveAttribute(
      'href',
      '/demo-museum/my/orders',
    );
    expect(screen.getByText('Order #').closest('dl')).toHaveTextContent(
      'Order #100042Order dateSat, May 30 2026Order contents1 events – 3 ticketsTotal amount$65.00',
    );
    const events = screen.getByRole('region', { name: 'Events' });
    const visit = within(events).getByRole('heading', {
      level: 3,
      name: 'General Admission',
    }).parentElement!;
    expect(visit).toHaveTextContent('Wed, Jun 10, 2026 at 10:00 AM');
    expect(
      within(visit)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['2 × Adult', '1 × Child']);
    await user.click(screen.getByRole('button', { name: 'Resend my order' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your order confirmation has been resent.',
    );
    expect(
      fetch.requests.filter((r) => r.method === 'POST').map((r) => [r.url.pathname, r.body]),
    ).toEqual([[`/api/ticket_order/${ORDER_A}/email`, {}]]);
    const asked = fetch.requests.find((r) => r.url.pathname === '/api/my/ticket_order')!;
    expect(asked.url.searchParams.get('id._in')).toBe(ORDER_A);
  });

  it('lists the same receipt lines as the completed page (issue #22)', async () => {
    const adult = () =>
      makeAccountTicket({
        ticket_type_id: ADULT,
        event_session_id: SESSION_SOON,
        face_value: '25.00',
        adjusted_value: '20.00',
      });
    const body = ticketOrderListBody(
      [{ order: makeOrder(), total: '47.44', tickets: [adult(), adult()] }],
      SESSIONS,
    );
    body.ticket_type = toCollection([
      makeTicketType({
        id: ADULT,
        name: 'Adult',
        outside_fees: [
          { name: 'fee_fixed_outside', fee: '1.50' },
          { name: 'fee_percent_outside', fee: '8.875' },
        ],
      }),
    ]);
    renderAccount(`/my/orders/${ORDER_A}`, { 'GET /api/my/ticket_order': body });
    const receipt = await screen.findByRole('list', { name: 'Order 100042' });
    // 2 × 25.00 less 2 × 5.00; 2 × 1.50 service charge; tax on the price after the discount
    // (decision 0047): 8.875 % of 20.00 = 1.775 → 1.78 per line, twice
    for (const text of [
      '2 × Adult $50.00',
      'Discount -$10.00',
      'Service charge $3.00',
      'Tax $3.56',
      'Line total $46.56',
    ]) {
      expect(within(receipt).getByText(text)).toBeInTheDocument();
    }
  });

  it('offers no resend when every visit is past', async () => {
    renderAccount(`/my/orders/${ORDER_B}`, {
      'GET /api/my/ticket_order': ticketOrderListBody([pastOrder], SESSIONS),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Order 100007' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resend my order' })).not.toBeInTheDocument();
  });

  it.each([
    ['an order that is not the buyer’s', ORDER_B],
    ['an address that names no order', 'nope'],
  ])('says Order not found for %s', async (_, id) => {
    renderAccount(`/my/orders/${id}`, {
      'GET /api/my/ticket_order': ticketOrderListBody([]),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Order not found');
    expect(screen.getByRole('link', { name: 'Back to all recent orders' })).toBeInTheDocument();
  });
});
