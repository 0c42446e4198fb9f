import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TicketType } from '@admit/contracts/resources';
import { fixtureId, makeTicketGroup, makeTicketType } from '@/testing/api-fixtures';
import { cartBundle } from '@/testing/cart-fixtures';
import { createFetchStub, errorResponse } from '@/testing/fetch-stub';
import type { Fixture, StubRequest } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/render-route';
import {
  calendarBody,
  EVENT_ID,
  eventBody,
  saturday,
  sessionDetailBody,
  sessionsBody,
  setUpDateFirstRouteTests,
} from '@/features/reserve/flows/date-first/date-first-test-kit';
import { makeRow, seatMapBody } from '@/features/seats/model/seat-test-kit';

/**
 * Seat selection in the date-first flow (spec: shopping §2 "Date-first reserve page … seat
 * selection", §4 "Seat selector", §5, §8; issue #24): the same selector as the single-event
 * form, plugged in by the app shell once a seated session is chosen.
 */

const STALLS = fixtureId(110);
const ADULT = fixtureId(211);
const CHILD = fixtureId(212);
const SEAT_MAP = 'GET /cached_api/events/:id/sessions/:sessionId/seat_map';
const SATURDAY_BUTTON = 'Sat 21 Nov Saturday, November 21, 2026';
const [ten, , one] = saturday as [(typeof saturday)[0], unknown, (typeof saturday)[0]];

const stalls = makeTicketGroup({ id: STALLS, name: 'Stalls', handler: 'seated', color: 3 });
const types: TicketType[] = [
  makeTicketType({ id: ADULT, name: 'Adult', currency_amount: '25.00', ticket_group_id: STALLS }),
  makeTicketType({
    id: CHILD,
    name: 'Child',
    currency_amount: '10.00',
    ticket_group_id: STALLS,
    _rank: 2,
  }),
];

/** Row A of 6 (A1 sold) and row B of 6, at the given session. */
const hall = (sessionId: string, sold: readonly number[] = [1]) =>
  seatMapBody(
    [
      ...makeRow({
        row: 'A',
        count: 6,
        groups: [STALLS],
        y: 10,
        states: Object.fromEntries(sold.map((n) => [n, 'booked' as const])),
      }),
      ...makeRow({ row: 'B', count: 6, groups: [STALLS], y: 40 }),
    ],
    sessionId,
  );

function renderSeatedDateFirst(overrides: Record<string, Fixture> = {}) {
  const fetch = createFetchStub({
    'GET /cached_api/events/:id': eventBody({ groups: [stalls], types, tabs: false }),
    'GET /cached_api/events/:id/calendar': calendarBody(),
    'GET /api/events/:id/sessions': sessionsBody(saturday),
    'GET /api/events/:id/sessions/:sessionId': (request: StubRequest) => {
      const id = request.url.pathname.split('/').pop();
      const session = saturday.find((s) => s.id === id);
      return session
        ? sessionDetailBody(session, { groups: [stalls], types })
        : errorResponse(404, 'not_found');
    },
    [SEAT_MAP]: (request: StubRequest) => hall(request.url.pathname.split('/')[5]!),
    'POST /api/my/cart/modify': cartBundle(),
    'GET /api/my/cart/:id': cartBundle(),
    ...overrides,
  });
  return { ...renderRoute(`/events/${EVENT_ID}`, { fetch }), fetch };
}

type User = ReturnType<typeof renderRoute>['user'];

async function pickSaturdayAt(user: User, time: RegExp) {
  await user.click(await screen.findByRole('button', { name: SATURDAY_BUTTON }));
  await user.click(await screen.findByRole('radio', { name: time }));
}

async function chooseTwoAdultsAndChild(user: User) {
  await user.click(await screen.findByRole('button', { name: 'Increase Adult' }));
  await user.click(screen.getByRole('button', { name: 'Increase Adult' }));
  await user.click(screen.getByRole('button', { name: 'Increase Child' }));
}

async function openSelector(user: User) {
  await user.click(screen.getByRole('button', { name: 'Find Seats' }));
  return screen.findByRole('heading', { name: 'Choose your seats' });
}

const seat = (name: string | RegExp) => screen.getByLabelText(name);
const reserveBodies = (fetch: ReturnType<typeof createFetchStub>) =>
  fetch.requests
    .filter((r) => r.method === 'POST' && r.url.pathname === '/api/my/cart/modify')
    .map((r) => r.body);
const seatMapReads = (fetch: ReturnType<typeof createFetchStub>) =>
  fetch.requests.filter((r) => r.url.pathname.endsWith('/seat_map'));

setUpDateFirstRouteTests();
beforeAll(async () => {
  await import('@/features/seats/selector/seat-selector');
});

describe('seat selection in the date-first flow (issue #24)', { timeout: 30_000 }, () => {
  it('asks for Find Seats, then reserves the chosen session with one entry per seat', async () => {
    const { user, fetch, router } = renderSeatedDateFirst();
    await pickSaturdayAt(user, /10:00 AM/);
    await chooseTwoAdultsAndChild(user);
    // spec: shopping §5 — no full seat set: the seat message, the control focused, nothing sent
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(
      await screen.findByText('Please click the Find Seats button to continue.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Find Seats' })).toHaveFocus();
    expect(reserveBodies(fetch)).toHaveLength(0);

    await openSelector(user);
    expect(seatMapReads(fetch).map((r) => r.url.pathname)).toEqual([
      `/cached_api/events/${EVENT_ID}/sessions/${ten.id}/seat_map`,
    ]);
    await user.click(seat('Row A, seat 3, Adult $25.00, available'));
    expect(screen.getByText('Seats A3, A4, A5 selected. 3 of 3 seats chosen.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm Selection' }));
    expect(
      within(screen.getByRole('table', { name: 'Selected Seats' }))
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['RowSeatType', 'A3Adult', 'A4Adult', 'A5Child']);
    expect(screen.queryByText('Please click the Find Seats button to continue.')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/\/checkout$/));
    expect(reserveBodies(fetch)).toEqual([
      {
        add: [
          {
            event_session_id: ten.id,
            ticket_types_required: [
              { ticket_type_id: ADULT, quantity: 1, seat_template_id: 'Stalls-A3' },
              { ticket_type_id: ADULT, quantity: 1, seat_template_id: 'Stalls-A4' },
              { ticket_type_id: CHILD, quantity: 1, seat_template_id: 'Stalls-A5' },
            ],
          },
        ],
      },
    ]);
  });

  it('names the type short of seats after confirming, and sends nothing', async () => {
    const { user, fetch } = renderSeatedDateFirst();
    await pickSaturdayAt(user, /10:00 AM/);
    await chooseTwoAdultsAndChild(user);
    await openSelector(user);
    await user.click(seat(/Row A, seat 2,/));
    await user.click(screen.getByRole('button', { name: 'Confirm Selection' }));
    await user.click(screen.getByRole('button', { name: 'Increase Adult' }));
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText('Not enough seats for Child')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change Selected Seats' })).toHaveFocus();
    expect(reserveBodies(fetch)).toHaveLength(0);
  });

  it('another session starts a fresh selection on its own seat map', async () => {
    const { user, fetch } = renderSeatedDateFirst();
    await pickSaturdayAt(user, /10:00 AM/);
    await chooseTwoAdultsAndChild(user);
    await openSelector(user);
    await user.click(seat(/Row A, seat 2,/));
    await user.click(screen.getByRole('button', { name: 'Confirm Selection' }));
    expect(screen.getByRole('table', { name: 'Selected Seats' })).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: /1:00 PM/ }));
    // the 10:00 seats do not carry over: the selector is closed, nothing is chosen
    expect(await screen.findByRole('button', { name: 'Find Seats' })).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Selected Seats' })).toBeNull();
    await chooseTwoAdultsAndChild(user);
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(
      await screen.findByText('Please click the Find Seats button to continue.'),
    ).toBeInTheDocument();
    await openSelector(user);
    expect(seatMapReads(fetch).at(-1)!.url.pathname).toBe(
      `/cached_api/events/${EVENT_ID}/sessions/${one.id}/seat_map`,
    );
    expect(screen.getByText('0 of 3 seats chosen')).toBeInTheDocument();
    expect(reserveBodies(fetch)).toHaveLength(0);
  });

  it('a lost seat race drops the seats taken, reloads the map and reopens the selector', async () => {
    let reads = 0;
    const { user, fetch } = renderSeatedDateFirst({
      // the second read sees A4 held by the buyer who won
      [SEAT_MAP]: () => {
        reads += 1;
        return hall(ten.id, reads === 1 ? [1] : [1, 4]);
      },
      'POST /api/my/cart/modify': errorResponse(
        422,
        'ticket_group_sold_out',
        'These seats have just been taken',
        { seat_template_ids: ['Stalls-A4'], seats: ['Stalls, Row A, seat 4'] },
      ),
    });
    await pickSaturdayAt(user, /10:00 AM/);
    await chooseTwoAdultsAndChild(user);
    await openSelector(user);
    await user.click(seat(/Row A, seat 3,/));
    await user.click(screen.getByRole('button', { name: 'Confirm Selection' }));
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));

    expect(
      await screen.findByText(
        'Sorry, these seats were just taken: Stalls, Row A, seat 4. Please choose other seats.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Choose your seats' })).toBeInTheDocument();
    expect(seatMapReads(fetch)).toHaveLength(2);
    expect(seat(/Row A, seat 4, .*, sold out$/)).toBeInTheDocument();
    expect(seat(/Row A, seat 3, .*, selected$/)).toBeInTheDocument();
    expect(screen.getByText('2 of 3 seats chosen')).toBeInTheDocument();
    // neither the form's own message nor the date-first sold-out handling: the session stays
    expect(screen.queryByText('These seats have just been taken')).toBeNull();
    expect(screen.getByRole('radio', { name: /10:00 AM/ })).toBeChecked();
    expect(reserveBodies(fetch)).toHaveLength(1);
  });
});
