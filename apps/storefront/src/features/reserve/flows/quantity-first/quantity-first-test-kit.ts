/** Fixtures of the quantity-first route tests: the planetarium-like event and its reads. */
import { screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import type { TicketType } from '@admit/contracts/resources';
import { toCollection } from '@admit/contracts/envelope';
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
import { makeCalendarDay } from '@/testing/calendar-day-fixtures';
import { cartBundle } from '@/testing/cart-fixtures';
import { createFetchStub } from '@/testing/fetch-stub';
import type { Fixture, StubRequest } from '@/testing/fetch-stub';
import { type renderRoute } from '@/testing/render-route';

export const EVENT_ID = fixtureId(1);
export const GROUP_ID = fixtureId(100);
export const ADULT = fixtureId(201);
export const CHILD = fixtureId(202);
export const MORNING = fixtureId(301);
export const AFTERNOON = fixtureId(302);

export const group = makeTicketGroup({
  id: GROUP_ID,
  name: 'Dome Seating',
  max_tickets_per_order: 8,
});
export const types = [
  makeTicketType({ id: ADULT, name: 'Adult', currency_amount: '10.00' }),
  makeTicketType({ id: CHILD, name: 'Child', currency_amount: '7.00', _rank: 2 }),
];
export const sessions = [
  makePricedSession({ id: MORNING, start_datetime: '2026-11-24T16:00:00.000Z', price: '27.00' }),
  makePricedSession({ id: AFTERNOON, start_datetime: '2026-11-24T18:00:00.000Z', price: '27.00' }),
];

export function eventBody(ticketTypes: TicketType[] = types, ticketGroup = group) {
  return eventTemplateBody({
    event_template: [makeEventTemplate({ id: EVENT_ID, name: 'Cosmic Nights' })],
    meta: [makeMeta(EVENT_ID, 'reserve_flow', 'quantity_first')],
    venue: [makeVenue()],
    ticket_group: [ticketGroup],
    ticket_type: ticketTypes,
  });
}

export const calendar = {
  calendar: toCollection([
    makeCalendarDay('2026-11-24', { min_price: '27.00' }),
    makeCalendarDay('2026-11-25', { min_price: '27.00' }),
  ]),
};

export function fixtures(overrides: Record<string, Fixture> = {}) {
  return createFetchStub({
    'GET /cached_api/events/:id': eventBody(),
    'POST /api/events/:id/calendar': calendar,
    'POST /api/events/:id/sessions': sessionsBody(sessions),
    'GET /api/events/:id/sessions/:sessionId': (request: StubRequest) =>
      sessionDetailBody({
        session: sessions.find((s) => request.url.pathname.endsWith(s.id)) ?? sessions[0]!,
        ticket_group: [group],
        ticket_type: types,
        meta: [makeMeta(GROUP_ID, 'admit_names', 'required', 'ticket_group')],
      }),
    'POST /api/my/cart/modify': cartBundle(),
    ...overrides,
  });
}

export const requestsTo = (fetch: ReturnType<typeof fixtures>, method: string, suffix: string) =>
  fetch.requests.filter((r) => r.method === method && r.url.pathname.endsWith(suffix));

export async function chooseQuantities(user: ReturnType<typeof renderRoute>['user']) {
  await screen.findByRole('heading', { name: 'Choose your tickets' });
  const increaseAdult = screen.getByRole('button', { name: 'Increase Adult' });
  await user.click(increaseAdult);
  await user.click(increaseAdult);
  await user.click(screen.getByRole('button', { name: 'Increase Child' }));
}

/**
 * The hooks every quantity-first route test needs: the flow's lazy chunks loaded once (so a cold
 * import does not eat a test's time), a clean cart store and a fixed clock.
 */
export function setUpQuantityFirstTests() {
  beforeAll(async () => {
    await import('@/features/reserve/flows/quantity-first/quantity-first-reserve');
    await import('@/ui/calendar/month-calendar');
  });
  beforeEach(() => {
    localStorage.clear();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-22T15:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());
}
