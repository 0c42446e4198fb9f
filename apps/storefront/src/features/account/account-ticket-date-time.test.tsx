import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  eventTemplateBody,
  fixtureId,
  makeEventTemplate,
  makeMeta,
  makeVenue,
} from '@/testing/api-fixtures';
import {
  ADULT,
  makeAccountTicket,
  makeOrder,
  makeOrderSession,
  ORDER_A,
  orderSessionBody,
  renderAccountRoute,
  SESSION_SOON,
  ticketOrderListBody,
} from '@/testing/account-fixtures';
import { logOutMember } from '@/testing/membership-fixtures';
import { makeSellerConfig } from '@/testing/seller-config';

/*
 * issue #25: the event meta ticket_date_time (shopping §3: date-only, hidden, show-end,
 * dates-only-show-end, custom) was read by the cart only; the account's visits, orders and
 * session pages read every visit as "date at start time" whatever the event said.
 */

const NOW = Date.parse('2026-06-01T14:00:00.000Z');

beforeEach(() => {
  logOutMember();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

/** GET event_template (cached, meta and venue): the fixture event with its ticket_date_time. */
const eventsWith = (ticketDateTime: string) =>
  eventTemplateBody({
    event_template: [makeEventTemplate()],
    venue: [makeVenue()],
    meta: [makeMeta(fixtureId(1), 'ticket_date_time', ticketDateTime)],
  });

const uk = makeSellerConfig({ currency: 'GBP', locale: 'en-GB', timezone: 'Europe/London' });

describe("the account reads each event's ticket_date_time", () => {
  it('/my/upcoming: a show-end event reads its end time, in the seller’s locale', async () => {
    renderAccountRoute(
      '/my/upcoming',
      {
        'GET /api/my/order_session': orderSessionBody([makeOrderSession({ ticket_count: 2 })]),
        'GET /cached_api/event_template': eventsWith('show-end'),
      },
      uk,
    );
    const row = within(await screen.findByRole('table')).getByRole('row', {
      name: /General Admission/,
    });
    // the fixture venue is in New York: 14:00 UTC is 10:00 there
    await waitFor(() =>
      expect(within(row).getAllByRole('cell')[0]).toHaveTextContent(
        'Wed 10 Jun 2026, 10:00 – 10:30',
      ),
    );
    expect(
      within(row).getByRole('link', {
        name: 'View General Admission, Wed 10 Jun 2026, 10:00 – 10:30',
      }),
    ).toBeInTheDocument();
  });

  it('/my/upcoming/session/{id}: a date-only event shows its date and no time', async () => {
    renderAccountRoute(`/my/upcoming/session/${SESSION_SOON}`, {
      'GET /api/my/order_session': orderSessionBody([makeOrderSession({ ticket_count: 2 })]),
      'GET /api/my/ticket_order': ticketOrderListBody([
        {
          order: makeOrder(),
          total: '25.00',
          tickets: [makeAccountTicket({ ticket_type_id: ADULT, event_session_id: SESSION_SOON })],
        },
      ]),
      'GET /cached_api/event_template': eventsWith('date-only'),
    });
    await screen.findByRole('heading', { level: 1, name: 'General Admission' });
    await waitFor(() =>
      expect(screen.getByText('Date').closest('dl')).toHaveTextContent(
        'DateWed, Jun 10, 2026Tickets2',
      ),
    );
    expect(screen.queryByText('Time')).toBeNull();
  });

  it('/my/orders/{id}: a custom pattern reads in the receipt and the events list alike', async () => {
    renderAccountRoute(`/my/orders/${ORDER_A}`, {
      'GET /api/my/ticket_order': ticketOrderListBody([
        {
          order: makeOrder(),
          total: '25.00',
          tickets: [makeAccountTicket({ ticket_type_id: ADULT, event_session_id: SESSION_SOON })],
        },
      ]),
      'GET /cached_api/event_template': eventsWith('MMMM D [from] h:mm A'),
    });
    const receipt = await screen.findByRole('list', { name: 'Order 100042' });
    const events = screen.getByRole('region', { name: 'Events' });
    await waitFor(() => expect(receipt).toHaveTextContent('June 10 from 10:00 AM'));
    await waitFor(() => expect(events).toHaveTextContent('June 10 from 10:00 AM'));
    expect(receipt).not.toHaveTextContent('Wed, Jun 10, 2026');
    expect(events).not.toHaveTextContent('Wed, Jun 10, 2026');
  });
});
