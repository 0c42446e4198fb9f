import type {
  PricedSession,
  SessionDetailResponse,
  SessionsResponse,
} from '@admit/contracts/availability';
import { toCollection } from '@admit/contracts/envelope';
import type { Meta, TicketGroup, TicketType } from '@admit/contracts/resources';
import { FIXTURE_SELLER_ID, fixtureId } from '@/testing/api-fixtures';

/** A session as the sessions reads return it (capacity fields plus prices). */
export function makePricedSession(overrides: Partial<PricedSession> = {}): PricedSession {
  const start = overrides.start_datetime ?? '2026-11-24T15:00:00.000Z';
  return {
    id: fixtureId(300),
    seller_id: FIXTURE_SELLER_ID,
    event_template_id: fixtureId(1),
    start_datetime: start,
    end_datetime: new Date(Date.parse(start) + 30 * 60_000).toISOString(),
    capacity: 50,
    oversell_capacity: 0,
    used_capacity: 0,
    sold_out: false,
    available: true,
    availableCapacity: 50,
    startTime: start,
    price: '25.00',
    minPrice: '25.00',
    maxPrice: '25.00',
    ...overrides,
  };
}

export function sessionsBody(sessions: PricedSession[]): SessionsResponse {
  return { event_session: toCollection(sessions), price_schedule: toCollection([]) };
}

/** GET events/{eventId}/sessions/{sessionId} with its groups, types and group meta. */
export function sessionDetailBody(parts: {
  session: PricedSession;
  ticket_group: TicketGroup[];
  ticket_type: TicketType[];
  meta?: Meta[];
}): SessionDetailResponse {
  return {
    event_session: toCollection([parts.session]),
    ticket_group: toCollection(parts.ticket_group),
    ticket_type: toCollection(parts.ticket_type),
    meta: toCollection(parts.meta ?? []),
  };
}
