import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { OrderBundle } from '@admit/contracts/checkout';
import { toCollection } from '@admit/contracts/envelope';
import type { Seat, SeatMapResponse } from '@admit/contracts/seat-map';
import { setSellerSlug } from '@/config/seller-slug';
import {
  fixtureId,
  FIXTURE_SELLER_ID,
  makeEventTemplate,
  makeTicketGroup,
  makeTicketType,
  makeVenue,
} from '@/testing/api-fixtures';
import {
  FIXTURE_CART_ID,
  FIXTURE_IDENTITY_ID,
  makeEventSession,
  makeTicket,
} from '@/testing/cart-fixtures';
import { createFetchStub } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/render-route';

const ORDER_ID = '5e0c4b2a-1f3d-4c5b-9a8e-7d6c5b4a3f21';
const EVENT = fixtureId(1);
const SESSION = fixtureId(300);
const ADULT = fixtureId(200);

beforeEach(() => {
  localStorage.clear();
  setSellerSlug('demo-museum');
});

function seat(id: string, row: string, n: string): Seat {
  return {
    id,
    seat_template_id: id,
    seat: n,
    row,
    section: 'Stalls',
    x: 10,
    y: 10,
    r: 8,
    state: 'booked',
    ticket_groups: fixtureId(100),
    previous: null,
    next: null,
    accessibility: null,
    companion_of: null,
  };
}

const seatMap: SeatMapResponse = {
  seat_map: toCollection([
    { id: 'layout', event_session_id: SESSION, name: 'Main Hall', width: 100, height: 100 },
  ]),
  seat: toCollection([seat('seat-f5', 'F', '5'), seat('seat-f6', 'F', '6')]),
};

/** An order of two seated Adults (F5, F6) and one unseated ticket of the same session. */
function seatedOrder(): OrderBundle {
  const booked = (seatId: string | null, scan: string) => ({
    ...makeTicket({
      state: 'booked',
      ticket_order_id: ORDER_ID,
      ticket_type_id: ADULT,
      event_template_id: EVENT,
      event_session_id: SESSION,
      seat_template_id: seatId,
    }),
    scan_code: scan,
  });
  return {
    ticket_order: toCollection([
      {
        id: ORDER_ID,
        order_number: 'DM-2026-000777',
        cart_id: FIXTURE_CART_ID,
        identity_id: FIXTURE_IDENTITY_ID,
        seller_id: FIXTURE_SELLER_ID,
        email: 'sid@example.org',
        created_at: '2026-11-25T14:00:00.000Z',
      },
    ]),
    ticket_order_fees: toCollection([]),
    ticket: toCollection([
      booked('seat-f5', 'SC-1'),
      booked('seat-f6', 'SC-2'),
      booked(null, 'SC-3'),
    ]),
    ticket_group: toCollection([makeTicketGroup()]),
    ticket_type: toCollection([makeTicketType({ id: ADULT, name: 'Adult' })]),
    event_template: toCollection([makeEventTemplate({ name: 'Evening of Light' })]),
    event_session: toCollection([makeEventSession({ id: SESSION })]),
    venue: toCollection([makeVenue()]),
  };
}

describe('the tickets page names the seats of a seated order (issue #24)', () => {
  it('gives each seated ticket its section, row and seat from the session seat map', async () => {
    const fetch = createFetchStub({
      [`GET /api/ticket_order/${ORDER_ID}`]: seatedOrder(),
      'GET /cached_api/events/:id/sessions/:sessionId/seat_map': seatMap,
    });
    renderRoute(`/ticket_order/${ORDER_ID}`, { fetch });

    await screen.findByText('Seat: Stalls, Row F, seat 6');
    const tickets = screen
      .getAllByRole('listitem')
      .filter((li) => within(li).queryByText(/Ticket code/) !== null);
    expect(tickets.map((li) => within(li).queryByText(/^Seat:/)?.textContent ?? null)).toEqual([
      'Seat: Stalls, Row F, seat 5',
      'Seat: Stalls, Row F, seat 6',
      null,
    ]);
    // one read for the one session that sold seats
    expect(fetch.requests.filter((r) => r.url.pathname.endsWith('/seat_map'))).toHaveLength(1);
  });
});

describe('the checkout complete page names the seats of a seated order (issue #24)', () => {
  it('lists each seated ticket as the tickets page names it, and nothing for the unseated one', async () => {
    const fetch = createFetchStub({
      [`GET /api/ticket_order/${ORDER_ID}`]: seatedOrder(),
      'GET /cached_api/events/:id/sessions/:sessionId/seat_map': seatMap,
    });
    renderRoute(`/checkout/complete?orderIds=${ORDER_ID}`, { fetch });

    const seats = await screen.findByRole('region', { name: 'Your seats' });
    expect(
      within(seats)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Seat: Stalls, Row F, seat 5', 'Seat: Stalls, Row F, seat 6']);
    expect(screen.getByRole('heading', { level: 2, name: 'Order DM-2026-000777' })).toBeVisible();
  });

  it('shows no seats for an order without any', async () => {
    const order = seatedOrder();
    order.ticket = toCollection(order.ticket._data.map((t) => ({ ...t, seat_template_id: null })));
    const fetch = createFetchStub({ [`GET /api/ticket_order/${ORDER_ID}`]: order });
    renderRoute(`/checkout/complete?orderIds=${ORDER_ID}`, { fetch });

    await screen.findByRole('heading', { level: 2, name: 'Order DM-2026-000777' });
    expect(screen.queryByRole('region', { name: 'Your seats' })).toBeNull();
    expect(fetch.requests.filter((r) => r.url.pathname.endsWith('/seat_map'))).toHaveLength(0);
  });
});
