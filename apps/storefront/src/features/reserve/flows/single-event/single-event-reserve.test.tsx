import { screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TicketGroup, TicketType } from '@admit/contracts/resources';
import {
  eventTemplateBody,
  fixtureId,
  makeEventTemplate,
  makeMeta,
  makeTicketGroup,
  makeTicketType,
  makeVenue,
} from '@/testing/api-fixtures';
import {
  makePricedSession,
  sessionDetailBody,
  sessionsBody,
} from '@/testing/availability-fixtures';
import { cartBundle } from '@/testing/cart-fixtures';
import { setSellerSlug } from '@/config/seller-slug';
import { setCartFromBundle } from '@/stores/cart-store';
import { cartWithTimedItem } from '@/testing/timed-cart-fixtures';
import { createFetchStub } from '@/testing/fetch-stub';
import type { Fixture } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/render-route';

const EVENT_ID = fixtureId(1);
const GROUP_ID = fixtureId(100);
const ORCHESTRA = fixtureId(201);
const BALCONY = fixtureId(202);
const SESSION_ID = fixtureId(300);

// 2026-12-16 19:30 in New York
const session = makePricedSession({
  id: SESSION_ID,
  start_datetime: '2026-12-17T00:30:00.000Z',
  availableCapacity: 83,
});
const types: TicketType[] = [
  makeTicketType({ id: ORCHESTRA, name: 'Orchestra', currency_amount: '65.00' }),
  makeTicketType({ id: BALCONY, name: 'Balcony', currency_amount: '45.00', _rank: 2 }),
];

function renderSingle(
  groupOverrides: Partial<TicketGroup> = {},
  overrides: Record<string, Fixture> = {},
) {
  const group = makeTicketGroup({
    id: GROUP_ID,
    name: 'Concert',
    max_tickets_per_order: 10,
    ...groupOverrides,
  });
  const fetch = createFetchStub({
    'GET /cached_api/events/:id': eventTemplateBody({
      event_template: [
        makeEventTemplate({ id: EVENT_ID, name: 'Evening of Light', event_type: 'single' }),
      ],
      venue: [makeVenue()],
      ticket_group: [group],
      ticket_type: types,
    }),
    'GET /api/events/:id/sessions': sessionsBody([session]),
    'GET /api/events/:id/sessions/:sessionId': sessionDetailBody({
      session,
      ticket_group: [group],
      ticket_type: types,
      meta: [makeMeta(GROUP_ID, 'admit_emails', 'optional', 'ticket_group')],
    }),
    'POST /api/my/cart/modify': cartBundle(),
    ...overrides,
  });
  return { ...renderRoute(`/events/${EVENT_ID}`, { fetch }), fetch };
}

const reserveBodies = (fetch: ReturnType<typeof createFetchStub>) =>
  fetch.requests
    .filter((r) => r.method === 'POST' && r.url.pathname.endsWith('/my/cart/modify'))
    .map((r) => r.body);

beforeAll(async () => {
  await import('@/features/reserve/flows/single-event/single-event-reserve');
});
beforeEach(() => localStorage.clear());

describe('single-event form (shopping §2 item 6, §4)', { timeout: 15_000 }, () => {
  it('loads the one bookable session and reserves quantities for it', async () => {
    const { user, fetch, router } = renderSingle();
    expect(await screen.findByText('Wednesday, December 16, 2026 at 7:30 PM')).toBeInTheDocument();
    const [sessionsCall] = fetch.requests.filter((r) =>
      r.url.pathname.endsWith(`/events/${EVENT_ID}/sessions`),
    );
    expect(Object.fromEntries(sessionsCall!.url.searchParams)).toMatchObject({
      _limit: '1',
      sold_out: 'F',
      _sort: 'start_datetime',
    });
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(
      await screen.findByText('Please select at least one ticket to continue.'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Increase Orchestra' }));
    await user.click(screen.getByRole('button', { name: 'Increase Orchestra' }));
    await user.click(screen.getByRole('button', { name: 'Increase Balcony' }));
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/\/checkout$/));
    expect(reserveBodies(fetch)).toEqual([
      {
        add: [
          {
            event_session_id: SESSION_ID,
            ticket_types_required: [
              { ticket_type_id: ORCHESTRA, quantity: 2 },
              { ticket_type_id: BALCONY, quantity: 1 },
            ],
          },
        ],
      },
    ]);
  });

  it('lists tickets one by one when an admit e-mail is given', async () => {
    const { user, fetch, router } = renderSingle();
    await user.click(await screen.findByRole('button', { name: 'Increase Balcony' }));
    await user.type(screen.getByLabelText(/Email/), 'ada@example.org');
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/\/checkout$/));
    expect(reserveBodies(fetch)).toEqual([
      {
        reserve: {
          tickets: [
            {
              ticket_type_id: BALCONY,
              event_session_id: SESSION_ID,
              admit_email: 'ada@example.org',
            },
          ],
        },
      },
    ]);
  });

  it('says so when the session is gone', async () => {
    renderSingle({}, { 'GET /api/events/:id/sessions': sessionsBody([]) });
    expect(
      await screen.findByText('Sorry, tickets are not available for this event'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add to cart' })).not.toBeInTheDocument();
  });

  it('seated groups need Find Seats first and send nothing', async () => {
    const { user, fetch } = renderSingle({ handler: 'seated' });
    const findSeats = await screen.findByRole('button', { name: 'Find Seats' });
    // spec: shopping §4 — Find Seats opens the selector once a seated quantity is chosen
    expect(findSeats).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('button', { name: 'Increase Orchestra' }));
    expect(findSeats).not.toHaveAttribute('aria-disabled');
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(
      await screen.findByText('Please click the Find Seats button to continue.'),
    ).toBeInTheDocument();
    expect(findSeats).toHaveFocus();
    expect(reserveBodies(fetch)).toHaveLength(0);
  });

  it('labels a discount-code purchase when every group is a code group', async () => {
    renderSingle({ handler: 'codes' });
    expect(
      await screen.findByRole('heading', { name: 'Discount code purchase', level: 2 }),
    ).toBeInTheDocument();
  });

  it('shows the API description of an expected reserve error', async () => {
    const { user } = renderSingle(
      {},
      {
        'POST /api/my/cart/modify': () =>
          new Response(
            JSON.stringify({
              _data: [
                {
                  _code: 'max_tickets_per_order_exceeded',
                  _context: 'reserve',
                  _description: 'No more than 10 tickets per order.',
                  _extra: null,
                },
              ],
            }),
            { status: 422, headers: { 'Content-Type': 'application/json' } },
          ),
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Increase Orchestra' }));
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText('No more than 10 tickets per order.')).toBeInTheDocument();
  });

  it('hides its one session when it clashes with a timed cart item (shopping §5)', async () => {
    // a show from 7:00 to 7:45 PM the same evening
    const cart = cartWithTimedItem('2026-12-17T00:00:00.000Z', '2026-12-17T00:45:00.000Z');
    setSellerSlug('demo-museum');
    setCartFromBundle(cart);
    renderSingle({}, { 'GET /api/my/cart/:id': cart });
    expect(
      await screen.findByText('Sorry, tickets are not available for this event'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add to cart' })).toBeNull();
  });
});
