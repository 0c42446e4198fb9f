import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toCollection } from '@admit/contracts/envelope';
import { logOutMember } from '@/testing/membership-fixtures';
import { makeSellerConfig } from '@/testing/seller-config';
import { makeEventSession } from '@/testing/cart-fixtures';
import { errorResponse } from '@/testing/fetch-stub';
import {
  renderAccountRoute,
  makeAccountTicket,
  makeOrder,
  ORDER_A,
  SESSION_SOON,
  ticketOrderListBody,
} from '@/testing/account-fixtures';

/**
 * Issue #25: a logged-in member cannot change an order (identity §4 "Reschedule: refused when
 * logged in"), so the account's order page offers "Log out and manage this order": it asks the
 * order's secret link, logs out, and lands on the order's manage page.
 */

const NOW = Date.parse('2026-06-01T14:00:00.000Z');
const SECRET = 'fresh-secret';

beforeEach(() => {
  logOutMember();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

const orders = ticketOrderListBody(
  [
    {
      order: makeOrder(),
      total: '25.00',
      tickets: [{ ...makeAccountTicket(), event_session_id: SESSION_SOON }],
    },
  ],
  [
    makeEventSession({
      id: SESSION_SOON,
      start_datetime: '2026-06-10T14:00:00.000Z',
      end_datetime: '2026-06-10T14:30:00.000Z',
    }),
  ],
);
const rules = (on: boolean) =>
  makeSellerConfig({
    self_edit_rules: {
      enabled: on,
      anon_editing: on,
      horizon_days: 1,
      horizon_hours: 0,
      categories: null,
    },
  });

describe('/my/orders/{id}: Log out and manage this order (issue #25)', () => {
  it('gets the order’s link, logs out and lands on its manage page', async () => {
    const { user, fetch, router } = renderAccountRoute(
      `/my/orders/${ORDER_A}`,
      {
        'GET /api/my/ticket_order': orders,
        [`POST /api/my/ticket_order/${ORDER_A}/manage_link`]: {
          order_manage_link: toCollection([{ ticket_order_id: ORDER_A, secret: SECRET }]),
        },
        'POST /api/logout': {},
        // the manage page's own reads: not this test's subject
        [`GET /api/ticket_order/${ORDER_A}/manage`]: errorResponse(404, 'not_found', 'x'),
        [`GET /api/ticket_order/${ORDER_A}/edit`]: () => new Response(null, { status: 204 }),
      },
      rules(true),
    );
    await user.click(await screen.findByRole('button', { name: 'Log out and manage this order' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/demo-museum/manage/${ORDER_A}`),
    );
    expect(router.state.location.search).toBe(`?secret=${SECRET}`);
    const posts = fetch.requests.filter((r) => r.method === 'POST').map((r) => r.url.pathname);
    expect(posts).toEqual([`/api/my/ticket_order/${ORDER_A}/manage_link`, '/api/logout']);
  });

  it('is not offered while the seller does not let buyers change orders', async () => {
    renderAccountRoute(
      `/my/orders/${ORDER_A}`,
      { 'GET /api/my/ticket_order': orders },
      rules(false),
    );
    expect(await screen.findByRole('button', { name: 'Resend my order' })).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Log out and manage this order' }),
    ).not.toBeInTheDocument();
  });
});
