import { screen } from '@testing-library/react';
import { toCollection } from '@admit/contracts/envelope';
import type { Seat } from '@admit/contracts/seat-map';
import type { TicketGroup, TicketType } from '@admit/contracts/resources';
import type { SellerConfig } from '@admit/contracts/seller-config';
import {
  eventTemplateBody,
  fixtureId,
  makeEventTemplate,
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
import { createFetchStub } from '@/testing/fetch-stub';
import type { Fixture } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/render-route';
import { makeSellerConfig } from '@/testing/seller-config';
import { makeRow, seatMapBody } from '@/features/seats/model/seat-test-kit';

/** The single-event page of a seated concert, for the seat selector's route tests. */

export const EVENT_ID = fixtureId(1);
export const STALLS = fixtureId(100);
export const CIRCLE = fixtureId(101);
export const ADULT = fixtureId(201);
export const CHILD = fixtureId(202);
export const BALCONY = fixtureId(203);
export const SESSION_ID = fixtureId(300);
export const SEAT_MAP = 'GET /cached_api/events/:id/sessions/:sessionId/seat_map';

export const session = makePricedSession({
  id: SESSION_ID,
  start_datetime: '2026-12-17T00:30:00.000Z',
  availableCapacity: 83,
});
export const stalls = makeTicketGroup({ id: STALLS, name: 'Stalls', handler: 'seated', color: 3 });
export const circle = makeTicketGroup({ id: CIRCLE, name: 'Circle', handler: 'seated', color: 7 });
export const types: TicketType[] = [
  makeTicketType({ id: ADULT, name: 'Adult', currency_amount: '25.00', ticket_group_id: STALLS }),
  makeTicketType({
    id: CHILD,
    name: 'Child',
    currency_amount: '10.00',
    ticket_group_id: STALLS,
    _rank: 2,
  }),
];
export const balcony = makeTicketType({
  id: BALCONY,
  name: 'Balcony',
  currency_amount: '15.00',
  ticket_group_id: CIRCLE,
});

/** Stalls: rows A (front) and B of 6; A1 and B6 sold. */
export const stallsSeats = (states: Readonly<Record<number, Seat['state']>> = { 1: 'booked' }) => [
  ...makeRow({ row: 'A', count: 6, groups: [STALLS], y: 10, states }),
  ...makeRow({ row: 'B', count: 6, groups: [STALLS], y: 40, states: { 6: 'booked' } }),
];

export function renderSeated(
  overrides: Record<string, Fixture> = {},
  groups: { group: TicketGroup; types: TicketType[] }[] = [{ group: stalls, types }],
  config: SellerConfig = makeSellerConfig(),
  /** the event's config rows by key (`web.price_display`, …) */
  eventConfig: Record<string, unknown> = {},
) {
  const ticketGroups = groups.map(({ group }) => group);
  const ticketTypes = groups.flatMap((entry) => entry.types);
  const event = eventTemplateBody({
    event_template: [
      makeEventTemplate({ id: EVENT_ID, name: 'Evening of Light', event_type: 'single' }),
    ],
    venue: [makeVenue()],
    ticket_group: ticketGroups,
    ticket_type: ticketTypes,
  });
  const rows = Object.entries(eventConfig).map(([key, value], index) => ({
    id: fixtureId(6000 + index),
    resource: 'event_template',
    resource_id: EVENT_ID,
    key,
    value,
  }));
  if (rows.length > 0) event.config = toCollection(rows);
  const fetch = createFetchStub({
    'GET /cached_api/events/:id': event,
    'GET /api/events/:id/sessions': sessionsBody([session]),
    'GET /api/events/:id/sessions/:sessionId': sessionDetailBody({
      session,
      ticket_group: ticketGroups,
      ticket_type: ticketTypes,
    }),
    [SEAT_MAP]: seatMapBody(stallsSeats(), SESSION_ID),
    'POST /api/my/cart/modify': cartBundle(),
    ...overrides,
  });
  return { ...renderRoute(`/events/${EVENT_ID}`, { fetch, config }), fetch };
}

export const reserveBodies = (fetch: ReturnType<typeof createFetchStub>) =>
  fetch.requests
    .filter((r) => r.method === 'POST' && r.url.pathname.endsWith('/my/cart/modify'))
    .map((r) => r.body);
export const seatMapReads = (fetch: ReturnType<typeof createFetchStub>) =>
  fetch.requests.filter((r) => r.url.pathname.endsWith('/seat_map'));
/**
 * A seat by its accessible name, whatever its role (the stand-in's buttons, the real map's grid
 * cells): the name carries the state, "…, selected".
 */
export const seatButton = (name: string | RegExp) => screen.getByLabelText(name);

export async function chooseAdultsAndChild(user: ReturnType<typeof renderSeated>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Increase Adult' }));
  await user.click(screen.getByRole('button', { name: 'Increase Adult' }));
  await user.click(screen.getByRole('button', { name: 'Increase Child' }));
}

export async function openSelector(user: ReturnType<typeof renderSeated>['user']) {
  await user.click(screen.getByRole('button', { name: 'Find Seats' }));
  return screen.findByRole('heading', { name: 'Choose your seats' });
}
