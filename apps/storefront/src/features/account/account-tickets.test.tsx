import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toCollection } from '@admit/contracts/envelope';
import { createFetchStub } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/render-route';
import { makeSellerConfig } from '@/testing/seller-config';
import { logInMember, logOutMember, myMembershipBody } from '@/testing/membership-fixtures';
import {
  renderAccountRoute,
  ADULT,
  CHILD,
  makeAccountTicket,
  makeOrder,
  makeOrderSession,
  ORDER_A,
  ORDER_B,
  orderSessionBody,
  SESSION_PAST,
  SESSION_SOON,
  ticketOrderListBody,
  walletPrecheckBody,
} from '@/testing/account-fixtures';
import { makeEventSession } from '@/testing/cart-fixtures';

const NOW = Date.parse('2026-06-01T14:00:00.000Z');
const ACCEPTED = { accepted: toCollection([{ accepted: true as const }]) };

beforeEach(() => {
  logOutMember();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

const renderAccount = renderAccountRoute;

const tickets = [
  makeAccountTicket({ ticket_type_id: ADULT, event_session_id: SESSION_SOON, scan_code: 'A1B2C3' }),
  makeAccountTicket({ ticket_type_id: CHILD, event_session_id: SESSION_SOON, scan_code: 'D4E5F6' }),
];
const ordersBody = ticketOrderListBody([{ order: makeOrder(), total: '65.00', tickets }]);

describe('/my/upcoming (identity §2 "Upcoming tickets")', () => {
  it('lists the visits in the window with image, event, date and time, count and a View link', async () => {
    const { fetch } = renderAccount('/my/upcoming', {
      'GET /api/my/order_session': orderSessionBody([
        makeOrderSession({ ticket_count: 2 }),
        makeOrderSession({ ticket_order_id: ORDER_B, order_number: '100043', ticket_count: 1 }),
      ]),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'My upcoming tickets' }),
    ).toBeInTheDocument();
    const table = await screen.findByRole('table');
    const row = within(table).getByRole('row', { name: /General Admission/ });
    // the two orders of one session are one row: 3 tickets
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Wed, Jun 10, 2026 at 10:00 AM', '3', 'View']);
    expect(await within(row).findByRole('img', { name: 'The great hall' })).toBeInTheDocument();
    expect(
      within(row).getByRole('link', {
        name: 'View General Admission, Wed, Jun 10, 2026 at 10:00 AM',
      }),
    ).toHaveAttribute('href', `/demo-museum/my/upcoming/session/${SESSION_SOON}`);
    const asked = fetch.requests.find((r) => r.url.pathname === '/api/my/order_session')!;
    // spec §4, §7, §9: booked or redeemed, starting after now and before June 1st next year
    expect(Object.fromEntries(asked.url.searchParams)).toMatchObject({
      _embed: 'ticket',
      'ticket.state._in': 'booked,redeemed',
      _sort: 'start_datetime',
      'start_datetime._gt': '2026-06-01T14:00:00.000Z',
      'start_datetime._lt': '2027-06-01T04:00:00.000Z',
    });
  });

  it('says when there are none', async () => {
    renderAccount('/my/upcoming', { 'GET /api/my/order_session': orderSessionBody([]) });
    expect(await screen.findByText('You have no upcoming tickets.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});

describe('/my/upcoming/session/{id} (identity §2 "Session detail")', () => {
  const oneOrder = {
    'GET /api/my/order_session': orderSessionBody([makeOrderSession({ ticket_count: 2 })]),
  };

  it('shows the visit, its tickets as #code, one View order link, and resends', async () => {
    const { user, fetch } = renderAccount(`/my/upcoming/session/${SESSION_SOON}`, {
      ...oneOrder,
      'GET /api/my/ticket_order': ordersBody,
      'POST /api/ticket_order/:id/email': ACCEPTED,
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'General Admission' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to all upcoming tickets' })).toHaveAttribute(
      'href',
      '/demo-museum/my/upcoming',
    );
    const facts = screen.getByText('Date').closest('dl')!;
    expect(facts).toHaveTextContent('DateWed, Jun 10, 2026Time10:00 AMTickets2');
    expect(screen.getByRole('link', { name: 'View order' })).toHaveAttribute(
      'href',
      `/demo-museum/my/orders/${ORDER_A}`,
    );
    const table = await screen.findByRole('table', { name: 'Your tickets' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Ticket type', 'Ticket group', 'Ticket #']);
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) =>
          within(r)
            .getAllByRole('cell')
            .map((c) => c.textContent),
        ),
    ).toEqual([
      ['Adult', 'Timed entry', '#A1B2C3'],
      ['Child', 'Timed entry', '#D4E5F6'],
    ]);
    await user.click(screen.getByRole('button', { name: 'Resend my tickets' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your order confirmation and tickets have been resent.',
    );
    const posts = fetch.requests.filter((r) => r.method === 'POST');
    expect(posts.map((r) => [r.url.pathname, r.body])).toEqual([
      [`/api/ticket_order/${ORDER_A}/email`, {}],
    ]);
    const asked = fetch.requests.find((r) => r.url.pathname === '/api/my/ticket_order')!;
    expect(asked.url.searchParams.get('id._in')).toBe(ORDER_A);
    expect(asked.url.searchParams.get('ticket.state._in')).toBe('booked,redeemed');
  });

  it('labels each order link with its number when there are several, and resends each', async () => {
    const second = makeAccountTicket({
      ticket_order_id: ORDER_B,
      ticket_type_id: ADULT,
      event_session_id: SESSION_SOON,
      scan_code: 'G7H8J9',
    });
    const { user, fetch } = renderAccount(`/my/upcoming/session/${SESSION_SOON}`, {
      'GET /api/my/order_session': orderSessionBody([
        makeOrderSession({ ticket_count: 2 }),
        makeOrderSession({ ticket_order_id: ORDER_B, order_number: '100043', ticket_count: 1 }),
      ]),
      'GET /api/my/ticket_order': ticketOrderListBody([
        {
          order: makeOrder({ id: ORDER_B, order_number: '100043' }),
          total: '25.00',
          tickets: [second],
        },
        { order: makeOrder(), total: '65.00', tickets },
      ]),
      'POST /api/ticket_order/:id/email': ACCEPTED,
    });
    expect(await screen.findByRole('link', { name: 'View order 100042' })).toHaveAttribute(
      'href',
      `/demo-museum/my/orders/${ORDER_A}`,
    );
    expect(screen.getByRole('link', { name: 'View order 100043' })).toHaveAttribute(
      'href',
      `/demo-museum/my/orders/${ORDER_B}`,
    );
    expect(screen.queryByRole('link', { name: 'View order' })).not.toBeInTheDocument();
    expect(await screen.findByText('#G7H8J9')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resend my tickets' }));
    await screen.findByRole('status');
    expect(
      fetch.requests
        .filter((r) => r.method === 'POST')
        .map((r) => r.url.pathname)
        .sort(),
    ).toEqual([`/api/ticket_order/${ORDER_A}/email`, `/api/ticket_order/${ORDER_B}/email`]);
  });

  it('offers no resend for a visit that has started', async () => {
    renderAccount(`/my/upcoming/session/${SESSION_PAST}`, {
      'GET /api/my/order_session': orderSessionBody([
        makeOrderSession({
          event_session_id: SESSION_PAST,
          start_datetime: '2026-05-01T14:00:00.000Z',
          end_datetime: '2026-05-01T14:30:00.000Z',
        }),
      ]),
      'GET /api/my/ticket_order': ticketOrderListBody(
        [
          {
            order: makeOrder(),
            total: '25.00',
            tickets: [makeAccountTicket({ event_session_id: SESSION_PAST })],
          },
        ],
        [makeEventSession({ id: SESSION_PAST, start_datetime: '2026-05-01T14:00:00.000Z' })],
      ),
    });
    expect(await screen.findByRole('table', { name: 'Your tickets' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resend my tickets' })).not.toBeInTheDocument();
  });

  it.each([
    ['a session of nobody’s orders', SESSION_PAST],
    ['an address that names no session', 'not-a-session'],
  ])('says Session not found for %s', async (_, id) => {
    renderAccount(`/my/upcoming/session/${id}`, {
      'GET /api/my/order_session': orderSessionBody([]),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Session not found');
    expect(screen.getByRole('link', { name: 'Back to all upcoming tickets' })).toBeInTheDocument();
  });

  it('shows the add-to-wallet buttons the precheck offers, per ticket', async () => {
    const { fetch } = renderAccount(`/my/upcoming/session/${SESSION_SOON}`, {
      ...oneOrder,
      'GET /api/my/ticket_order': ordersBody,
      'GET /api/ticket/:id/walletprecheck': (r: { url: URL }) =>
        walletPrecheckBody(r.url.pathname.split('/')[3]!, true, false),
    });
    const table = await screen.findByRole('table', { name: 'Your tickets' });
    const apple = await within(table).findByRole('link', {
      name: 'Add to Apple Wallet: Adult #A1B2C3',
    });
    expect(apple).toHaveTextContent('Add to Apple Wallet');
    const href = new URL(apple.getAttribute('href')!, 'http://localhost');
    expect(href.pathname).toBe(`/api/ticket/${tickets[0]!.id}/pkpass`);
    expect(href.searchParams.get('_seller')).toBe('demo-museum');
    expect(
      within(table).getByRole('link', { name: 'Add to Apple Wallet: Child #D4E5F6' }),
    ).toBeInTheDocument();
    expect(within(table).queryByRole('link', { name: /Google Wallet/ })).not.toBeInTheDocument();
    expect(within(table).getAllByRole('columnheader').at(-1)).toHaveTextContent('Wallet');
    // one precheck stands for the page's tickets (decision 0040)
    expect(fetch.requests.filter((r) => r.url.pathname.endsWith('/walletprecheck'))).toHaveLength(
      1,
    );
  });

  it('shows no wallet buttons when the precheck offers none', async () => {
    const { fetch } = renderAccount(`/my/upcoming/session/${SESSION_SOON}`, {
      ...oneOrder,
      'GET /api/my/ticket_order': ordersBody,
      'GET /api/ticket/:id/walletprecheck': (r: { url: URL }) =>
        walletPrecheckBody(r.url.pathname.split('/')[3]!, false, false),
    });
    const table = await screen.findByRole('table', { name: 'Your tickets' });
    await waitFor(() =>
      expect(fetch.requests.some((r) => r.url.pathname.endsWith('/walletprecheck'))).toBe(true),
    );
    expect(within(table).queryByRole('link', { name: /Wallet/ })).not.toBeInTheDocument();
    expect(within(table).getAllByRole('columnheader')).toHaveLength(3);
  });

  it('hides the View order links when the recent orders pages are off', async () => {
    logInMember();
    renderRoute(`/my/upcoming/session/${SESSION_SOON}`, {
      config: makeSellerConfig({
        my_account_pages: { my_profile: true, upcoming_events: true, recent_orders: false },
      }),
      fetch: createFetchStub({
        'GET /api/my/membership': myMembershipBody([]),
        ...oneOrder,
        'GET /api/my/ticket_order': ordersBody,
      }),
    });
    expect(await screen.findByRole('table', { name: 'Your tickets' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /View order/ })).not.toBeInTheDocument();
  });
});
