import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { OrderBundle } from '@admit/contracts/checkout';
import { toCollection } from '@admit/contracts/envelope';
import { setSellerSlug } from '@/config/seller-slug';
import {
  fixtureId,
  FIXTURE_SELLER_ID,
  makeEventTemplate,
  makeMeta,
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
import { makeSellerConfig } from '@/testing/seller-config';

const ORDER_ID = '0d9c8b7a-6f5e-4d3c-8b2a-1f0e9d8c7b6a';
const ADULT = fixtureId(200);
const CHILD = fixtureId(201);
const MORNING = fixtureId(300);
const AFTERNOON = fixtureId(301);

beforeEach(() => {
  localStorage.clear();
  setSellerSlug('demo-museum');
});

/** An order of 2 adults at 10:00 AM and 1 child at 2:00 PM (New York), 73.51 USD paid. */
function visitOrder(): OrderBundle {
  const booked = (type: string, session: string, scan: string) => ({
    ...makeTicket({
      state: 'booked',
      ticket_order_id: ORDER_ID,
      ticket_type_id: type,
      event_session_id: session,
    }),
    scan_code: scan,
  });
  return {
    ticket_order: toCollection([
      {
        id: ORDER_ID,
        order_number: 'DM-2026-000123',
        cart_id: FIXTURE_CART_ID,
        identity_id: FIXTURE_IDENTITY_ID,
        seller_id: FIXTURE_SELLER_ID,
        email: 'ada@example.org',
        created_at: '2026-11-25T14:00:00.000Z',
      },
    ]),
    ticket_order_fees: toCollection([
      {
        ticket_order_id: ORDER_ID,
        currency_code: 'USD',
        total_before_cartmod_price: '70.00',
        total_fee_fixed_outside: '3.51',
        total_fee_percent_outside: '0.00',
        total_cartmod_amount: '0.00',
        total_after_fees_price: '73.51',
        total_payments: '73.51',
        total_outstanding: '0.00',
      },
    ]),
    ticket: toCollection([
      booked(ADULT, AFTERNOON, 'SC-3'),
      booked(ADULT, MORNING, 'SC-1'),
      booked(ADULT, MORNING, 'SC-2'),
      booked(CHILD, AFTERNOON, 'SC-4'),
    ]),
    ticket_group: toCollection([makeTicketGroup()]),
    ticket_type: toCollection([
      makeTicketType({ id: ADULT, name: 'Adult' }),
      makeTicketType({ id: CHILD, name: 'Child' }),
    ]),
    event_template: toCollection([makeEventTemplate({ name: 'General Admission' })]),
    event_session: toCollection([
      makeEventSession({
        id: AFTERNOON,
        start_datetime: '2026-12-02T19:00:00.000Z',
        end_datetime: '2026-12-02T19:30:00.000Z',
      }),
      makeEventSession({
        id: MORNING,
        start_datetime: '2026-12-02T15:00:00.000Z',
        end_datetime: '2026-12-02T15:30:00.000Z',
      }),
    ]),
    venue: toCollection([makeVenue({ timezone: 'America/New_York' })]),
  };
}

// the storefront's own zone differs from the venue's: the venue's zone must win
const config = makeSellerConfig({ timezone: 'Europe/London' });

describe('when to come (issue 13: tickets and complete pages)', () => {
  it('the tickets page gives each ticket its visit date and time in the venue zone', async () => {
    const fetch = createFetchStub({ [`GET /api/ticket_order/${ORDER_ID}`]: visitOrder() });
    renderRoute(`/ticket_order/${ORDER_ID}`, { fetch, config });

    await screen.findByRole('heading', { level: 2, name: 'Order DM-2026-000123' });
    const tickets = screen
      .getAllByRole('listitem')
      .filter((li) => within(li).queryByText(/Ticket code/) !== null);
    const whens = tickets.map((li) => within(li).queryByText(/^When:/)?.textContent);
    expect(whens).toEqual([
      'When: Wed, Dec 2, 2026 at 2:00 PM',
      'When: Wed, Dec 2, 2026 at 10:00 AM',
      'When: Wed, Dec 2, 2026 at 10:00 AM',
      'When: Wed, Dec 2, 2026 at 2:00 PM',
    ]);
  });

  it('the complete page sums up what, when and how much, the order number on one line', async () => {
    const fetch = createFetchStub({ [`GET /api/ticket_order/${ORDER_ID}`]: visitOrder() });
    renderRoute(`/checkout/complete?orderIds=${ORDER_ID}`, { fetch, config });

    const number = await screen.findByRole('heading', { level: 2, name: 'Order DM-2026-000123' });
    expect(number.className).toMatch(/orderNumber/);
    const visits = screen.getByRole('list', { name: 'Order DM-2026-000123' });
    const items = within(visits)
      .getAllByRole('listitem')
      .filter((li) => li.parentElement === visits);
    expect(items.map((li) => li.textContent)).toEqual([
      'General AdmissionWed, Dec 2, 2026 at 10:00 AM2 × Adult $50.00',
      'General AdmissionWed, Dec 2, 2026 at 2:00 PM1 × Adult $25.001 × Child $25.00',
    ]);
    expect(screen.getByText('Total paid').textContent).toBe('Total paid $73.51');
    expect(
      screen.getByRole('img', { name: 'QR code of order DM-2026-000123' }),
    ).toBeInTheDocument();
  });

  // issue #25: the seller's locale reaches the order pages, not only the cart
  const uk = makeSellerConfig({ timezone: 'Europe/London', locale: 'en-GB' });

  it('a UK seller: the tickets page reads day first on a 24-hour clock', async () => {
    const fetch = createFetchStub({ [`GET /api/ticket_order/${ORDER_ID}`]: visitOrder() });
    renderRoute(`/ticket_order/${ORDER_ID}`, { fetch, config: uk });
    await screen.findByRole('heading', { level: 2, name: 'Order DM-2026-000123' });
    const whens = screen
      .getAllByRole('listitem')
      .filter((li) => within(li).queryByText(/Ticket code/) !== null)
      .map((li) => within(li).queryByText(/^When:/)?.textContent);
    expect(whens).toEqual([
      'When: Wed 2 Dec 2026, 14:00',
      'When: Wed 2 Dec 2026, 10:00',
      'When: Wed 2 Dec 2026, 10:00',
      'When: Wed 2 Dec 2026, 14:00',
    ]);
  });

  it('a UK seller: the complete page sums up the visits in its locale', async () => {
    const fetch = createFetchStub({ [`GET /api/ticket_order/${ORDER_ID}`]: visitOrder() });
    renderRoute(`/checkout/complete?orderIds=${ORDER_ID}`, { fetch, config: uk });
    const visits = await screen.findByRole('list', { name: 'Order DM-2026-000123' });
    expect(visits).toHaveTextContent('Wed 2 Dec 2026, 10:00');
    expect(visits).toHaveTextContent('Wed 2 Dec 2026, 14:00');
    expect(visits).not.toHaveTextContent(/[AP]M/);
  });

  // issue #25: ticket_date_time (shopping §3) read only in the cart; the tickets had no own QR
  const withDateTime = (value: string): OrderBundle => ({
    ...visitOrder(),
    meta: toCollection([makeMeta(fixtureId(1), 'ticket_date_time', value)]),
  });

  it("the tickets page reads the event's ticket_date_time with the end time, each ticket with its own QR code", async () => {
    const bundle = withDateTime('show-end');
    const fetch = createFetchStub({ [`GET /api/ticket_order/${ORDER_ID}`]: bundle });
    renderRoute(`/ticket_order/${ORDER_ID}?secret=s3cret`, { fetch, config: uk });
    await screen.findByRole('heading', { level: 2, name: 'Order DM-2026-000123' });
    const tickets = screen
      .getAllByRole('listitem')
      .filter((li) => within(li).queryByText(/Ticket code/) !== null);
    expect(tickets.map((li) => within(li).queryByText(/^When:/)?.textContent)).toEqual([
      'When: Wed 2 Dec 2026, 14:00 – 14:30',
      'When: Wed 2 Dec 2026, 10:00 – 10:30',
      'When: Wed 2 Dec 2026, 10:00 – 10:30',
      'When: Wed 2 Dec 2026, 14:00 – 14:30',
    ]);
    // each ticket's image encodes its own code, read with the address's proof
    const images = tickets.map((li) => within(li).getByRole('img'));
    expect(images.map((img) => img.getAttribute('alt'))).toEqual([
      'QR code of ticket SC-3',
      'QR code of ticket SC-1',
      'QR code of ticket SC-2',
      'QR code of ticket SC-4',
    ]);
    const sources = images.map((img) => new URL(img.getAttribute('src')!, 'http://x'));
    expect(sources.map((u) => u.pathname)).toEqual(
      bundle.ticket._data.map((t) => `/cached_api/ticket_order/${ORDER_ID}/ticket/${t.id}/qrcode`),
    );
    expect(sources.every((u) => u.searchParams.get('secret') === 's3cret')).toBe(true);
  });

  it('the complete page and the tickets page hide the dates of an event that hides them', async () => {
    const fetch = createFetchStub({
      [`GET /api/ticket_order/${ORDER_ID}`]: withDateTime('hidden'),
    });
    const first = renderRoute(`/checkout/complete?orderIds=${ORDER_ID}`, { fetch, config });
    const visits = await screen.findByRole('list', { name: 'Order DM-2026-000123' });
    expect(visits).toHaveTextContent('2 × Adult $50.00');
    expect(visits).not.toHaveTextContent(/Dec|2026|AM|PM/);
    first.unmount();

    renderRoute(`/ticket_order/${ORDER_ID}`, { fetch, config });
    await screen.findByRole('heading', { level: 2, name: 'Order DM-2026-000123' });
    expect(screen.getAllByText(/^Ticket code/)).toHaveLength(4);
    expect(screen.queryByText(/^When:/)).toBeNull();
  });
});
