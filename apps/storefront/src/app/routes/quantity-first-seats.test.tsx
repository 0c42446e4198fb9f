import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fixtureId, makeTicketGroup, makeTicketType } from '@/testing/api-fixtures';
import { sessionDetailBody } from '@/testing/availability-fixtures';
import { errorResponse } from '@/testing/fetch-stub';
import type { Fixture, StubRequest } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/render-route';
import {
  EVENT_ID,
  MORNING,
  chooseQuantities,
  eventBody,
  fixtures,
  requestsTo,
  sessions,
  setUpQuantityFirstTests,
} from '@/features/reserve/flows/quantity-first/quantity-first-test-kit';
import { makeRow, seatMapBody } from '@/features/seats/model/seat-test-kit';

/**
 * Seat selection in the quantity-first flow (spec: shopping §4 "Seat selector", §5, §8; issue
 * #24): its dated groups may be seated, so once the session is chosen the details step draws
 * the same selector as the other flows, plugged in by the app shell.
 */

const STALLS = fixtureId(110);
const ADULT = fixtureId(211);
const CHILD = fixtureId(212);
const SEAT_MAP = 'GET /cached_api/events/:id/sessions/:sessionId/seat_map';

const stalls = makeTicketGroup({ id: STALLS, name: 'Stalls', handler: 'seated', color: 3 });
const types = [
  makeTicketType({ id: ADULT, name: 'Adult', currency_amount: '10.00', ticket_group_id: STALLS }),
  makeTicketType({
    id: CHILD,
    name: 'Child',
    currency_amount: '7.00',
    ticket_group_id: STALLS,
    _rank: 2,
  }),
];
const hall = (sold: readonly number[]) =>
  seatMapBody(
    makeRow({
      row: 'A',
      count: 8,
      groups: [STALLS],
      states: Object.fromEntries(sold.map((n) => [n, 'booked' as const])),
    }),
    MORNING,
  );

function renderSeatedQuantityFirst(overrides: Record<string, Fixture> = {}) {
  const fetch = fixtures({
    'GET /cached_api/events/:id': eventBody(types, stalls),
    'GET /api/events/:id/sessions/:sessionId': (request: StubRequest) =>
      sessionDetailBody({
        session: sessions.find((s) => request.url.pathname.endsWith(s.id)) ?? sessions[0]!,
        ticket_group: [stalls],
        ticket_type: types,
      }),
    [SEAT_MAP]: hall([1]),
    ...overrides,
  });
  return { ...renderRoute(`/events/${EVENT_ID}`, { fetch }), fetch };
}

async function toMorningSession(user: ReturnType<typeof renderRoute>['user']) {
  await chooseQuantities(user);
  await user.click(screen.getByRole('button', { name: 'Find available tickets' }));
  await user.click(await screen.findByRole('button', { name: /November 24, 2026/ }));
  await user.click(await screen.findByRole('radio', { name: /11:00 AM/ }));
}

async function chooseSeatsFromA3(user: ReturnType<typeof renderRoute>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Find Seats' }));
  await screen.findByRole('heading', { name: 'Choose your seats' });
  await user.click(screen.getByLabelText(/Row A, seat 3,/));
  await user.click(screen.getByRole('button', { name: 'Confirm Selection' }));
}

setUpQuantityFirstTests();

describe('seat selection in the quantity-first flow (issue #24)', { timeout: 30_000 }, () => {
  it('asks for Find Seats once the session is chosen, then reserves one entry per seat', async () => {
    const { user, fetch, router } = renderSeatedQuantityFirst();
    await toMorningSession(user);
    // the details step draws the selector, closed
    await screen.findByRole('button', { name: 'Find Seats' });
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(
      await screen.findByText('Please click the Find Seats button to continue.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Find Seats' })).toHaveFocus();
    expect(requestsTo(fetch, 'POST', '/my/cart/modify')).toHaveLength(0);

    await chooseSeatsFromA3(user);
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/\/checkout$/));
    expect(requestsTo(fetch, 'POST', '/my/cart/modify').map((r) => r.body)).toEqual([
      {
        add: [
          {
            event_session_id: MORNING,
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

  it('a lost seat race reopens the selector naming the seats, the session kept', async () => {
    let reads = 0;
    const { user, fetch } = renderSeatedQuantityFirst({
      [SEAT_MAP]: () => {
        reads += 1;
        return hall(reads === 1 ? [1] : [1, 4]);
      },
      'POST /api/my/cart/modify': errorResponse(
        422,
        'ticket_group_sold_out',
        'These seats have just been taken',
        { seat_template_ids: ['Stalls-A4'], seats: ['Stalls, Row A, seat 4'] },
      ),
    });
    await toMorningSession(user);
    await chooseSeatsFromA3(user);
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(
      await screen.findByText(
        'Sorry, these seats were just taken: Stalls, Row A, seat 4. Please choose other seats.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('2 of 3 seats chosen')).toBeInTheDocument();
    expect(screen.queryByText('These seats have just been taken')).toBeNull();
    expect(screen.getByRole('radio', { name: /11:00 AM/ })).toBeChecked();
    expect(requestsTo(fetch, 'POST', '/my/cart/modify')).toHaveLength(1);
  });
});
