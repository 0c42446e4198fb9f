import type {
  PricedSession,
  PriceSchedule,
  SessionDetailResponse,
  SessionsResponse,
} from '@admit/contracts/availability';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import type { EventTemplateResponse } from '@admit/contracts/catalog';
import { toCollection } from '@admit/contracts/envelope';
import type { Meta, TicketGroup, TicketType } from '@admit/contracts/resources';
import { makeCalendarDay } from '@/testing/calendar-day-fixtures';
import { cartBundle } from '@/testing/cart-fixtures';
import { createFetchStub, type Fixture, type StubRequest } from '@/testing/fetch-stub';
import {
  eventTemplateBody,
  FIXTURE_SELLER_ID,
  fixtureId,
  makeEventTemplate,
  makeTicketGroup,
  makeTicketType,
  makeVenue,
} from '@/testing/api-fixtures';

/** Fixtures of the date-first page tests: a timed museum admission in New York. */
export const EVENT_ID = fixtureId(1);
export const TIMED_GROUP_ID = fixtureId(100);
export const FLEX_GROUP_ID = fixtureId(101);
export const ADULT = fixtureId(201);
export const CHILD = fixtureId(202);
export const ANYTIME = fixtureId(203);
/** Friday 2026-11-20, 09:00 in New York */
export const NOW = new Date('2026-11-20T14:00:00Z');

/**
 * The hooks of every date-first route test file: the route chunk is transformed once up front
 * (the first test's timeout measures the page), the clock stands at NOW, no cart is stored.
 */
export function setUpDateFirstRouteTests(): void {
  beforeAll(async () => {
    await import('@/features/reserve/flows/date-first/date-first-reserve');
  });
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    localStorage.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}

export const timedGroup = makeTicketGroup({
  id: TIMED_GROUP_ID,
  name: 'Timed Admission',
  max_tickets_per_order: 20,
});
export const flexGroup = makeTicketGroup({
  id: FLEX_GROUP_ID,
  name: 'Any-Date Admission',
  start_policy: 'fixedfrom',
  duration_new: 'P1Y',
  exclude_from_event_capacity: true,
  rank: 2,
});
export const timedTypes: TicketType[] = [
  makeTicketType({
    id: ADULT,
    ticket_group_id: TIMED_GROUP_ID,
    name: 'Adult',
    currency_amount: '25.00',
  }),
  makeTicketType({
    id: CHILD,
    ticket_group_id: TIMED_GROUP_ID,
    name: 'Child',
    currency_amount: '12.00',
    _rank: 2,
  }),
];
export const flexTypes: TicketType[] = [
  makeTicketType({
    id: ANYTIME,
    ticket_group_id: FLEX_GROUP_ID,
    name: 'Anytime Adult',
    currency_amount: '30.00',
  }),
];

export const SESSION_TABS = [
  { label: 'Morning', start: '0000', end: '1200' },
  { label: 'Afternoon', start: '1200', end: '2400' },
];

export function eventBody(
  options: {
    groups?: TicketGroup[];
    types?: TicketType[];
    meta?: Meta[];
    tabs?: boolean;
    /** the event's config rows by key (without tabs: the web.ecommerce tabs row is left out) */
    config?: Record<string, unknown>;
  } = {},
): EventTemplateResponse {
  const body = eventTemplateBody({
    event_template: [makeEventTemplate({ id: EVENT_ID, name: 'General Admission' })],
    venue: [makeVenue()],
    meta: options.meta ?? [],
    ticket_group: options.groups ?? [timedGroup],
    ticket_type: options.types ?? timedTypes,
  });
  const config = {
    ...(options.tabs !== false && { 'web.ecommerce': { session_picker_tabs: SESSION_TABS } }),
    ...options.config,
  };
  if (Object.keys(config).length > 0) {
    body.config = toCollection(
      Object.entries(config).map(([key, value], index) => ({
        id: fixtureId(6000 + index),
        resource: 'event_template',
        resource_id: EVENT_ID,
        key,
        value,
      })),
    );
  }
  return body;
}

/** 15 bookable days from Saturday 2026-11-21; the Sunday is sold out. */
export const DATES = Array.from({ length: 15 }, (_, i) => {
  const day = new Date(Date.UTC(2026, 10, 21 + i));
  return day.toISOString().slice(0, 10);
});

export function calendarBody(dates: readonly string[] = DATES) {
  return {
    calendar: toCollection(
      dates.map((date) =>
        makeCalendarDay(
          date,
          date === '2026-11-22' ? { status: 'sold_out', available: false } : {},
        ),
      ),
    ),
  };
}

export function makeSession(
  n: number,
  startUtc: string,
  overrides: Partial<PricedSession> = {},
): PricedSession {
  return {
    id: fixtureId(700 + n),
    seller_id: FIXTURE_SELLER_ID,
    event_template_id: EVENT_ID,
    start_datetime: startUtc,
    end_datetime: startUtc,
    startTime: startUtc,
    capacity: 50,
    oversell_capacity: 0,
    used_capacity: 0,
    sold_out: false,
    available: true,
    availableCapacity: 50,
    price: '12.00',
    minPrice: '12.00',
    maxPrice: '25.00',
    ...overrides,
  };
}

const soldOut = { sold_out: true, available: false, used_capacity: 50, availableCapacity: 0 };

/** Saturday's sessions: 10:00, 10:30 (sold out) and 13:00 (5 places left). */
export const saturday = [
  makeSession(1, '2026-11-21T15:00:00Z'),
  makeSession(2, '2026-11-21T15:30:00Z', soldOut),
  makeSession(3, '2026-11-21T18:00:00Z', { used_capacity: 45, availableCapacity: 5 }),
];

export function markSoldOut(session: PricedSession): PricedSession {
  return { ...session, ...soldOut };
}

export function sessionsBody(sessions: PricedSession[]): SessionsResponse {
  return { event_session: toCollection(sessions) };
}

export function sessionDetailBody(
  session: PricedSession,
  options: { groups?: TicketGroup[]; types?: TicketType[]; meta?: Meta[] } = {},
): SessionDetailResponse {
  return {
    event_session: toCollection([session]),
    ticket_group: toCollection(options.groups ?? [timedGroup]),
    ticket_type: toCollection(options.types ?? timedTypes),
    meta: toCollection(options.meta ?? []),
    config: toCollection([]),
  };
}

/** The reads of a date-first page on Saturday 21 November: calendar, sessions, session detail. */
export function saturdayReads(): Record<string, Fixture> {
  return {
    'GET /cached_api/events/:id/calendar': calendarBody(),
    'GET /api/events/:id/sessions': sessionsBody(saturday),
    'GET /api/events/:id/sessions/:sessionId': (request: StubRequest) =>
      sessionDetailBody(saturday.find((s) => request.url.pathname.endsWith(s.id))!),
  };
}

/** Saturday at the types' amounts: 10:00 (25 / 12). */
export const pricedDay = makeSession(1, '2026-11-21T15:00:00Z');
/** Saturday's 17:30 late opening, priced by the session at 29 / 15 (decision 0043). */
export const lateOpening = makeSession(2, '2026-11-21T22:30:00Z', {
  price: '15.00',
  minPrice: '15.00',
  maxPrice: '29.00',
});
const LATE_PRICES: Record<string, string> = { [ADULT]: '29.00', [CHILD]: '15.00' };

function scheduleOf(session: PricedSession, types: readonly TicketType[]): PriceSchedule[] {
  return types.map((type) => ({
    id: `${session.id}:${type.id}`,
    event_session_id: session.id,
    ticket_type_id: type.id,
    currency_amount: session === lateOpening ? LATE_PRICES[type.id]! : type.currency_amount,
  }));
}

/** The API of a Saturday with `pricedDay` and `lateOpening`, their price schedules included. */
export function sessionPricedFixtures(
  types: TicketType[],
  event = eventBody({ types, tabs: false }),
) {
  return createFetchStub({
    'GET /cached_api/events/:id': event,
    'GET /cached_api/events/:id/calendar': calendarBody(),
    'GET /api/events/:id/sessions': {
      ...sessionsBody([pricedDay, lateOpening]),
      price_schedule: toCollection([
        ...scheduleOf(pricedDay, types),
        ...scheduleOf(lateOpening, types),
      ]),
    },
    'GET /api/events/:id/sessions/:sessionId': (request: StubRequest) => {
      const session = request.url.pathname.endsWith(lateOpening.id) ? lateOpening : pricedDay;
      return {
        ...sessionDetailBody(session, { types }),
        price_schedule: toCollection(scheduleOf(session, types)),
      };
    },
    'POST /api/my/cart/modify': cartBundle(),
  });
}
