import {
  calendarExtendedResponseSchema,
  sessionDetailResponseSchema,
  sessionsResponseSchema,
} from '@admit/contracts/availability';
import type { CalendarDay, PricedSession } from '@admit/contracts/availability';
import type { TicketType } from '@admit/contracts/resources';
import { apiJson } from './catalog';
import { SELLER } from './reserve';
import { bookableDays, calendarPath, sessionsOnPath } from './session-choice';

// The server's view of an event's days, sessions, prices and ticket types, read through the
// same public API the storefront calls (shopping §7), for the reserve and after-sale specs.

const Q = `_seller=${SELLER}`;

/** The bookable days of an event from the calendar read, in date order. */
export async function availableDays(baseUrl: string, eventId: string): Promise<CalendarDay[]> {
  const body = calendarExtendedResponseSchema.parse(
    await apiJson(`${baseUrl}${calendarPath(SELLER, eventId)}`),
  );
  return bookableDays(body.calendar._data);
}

/** GET /api/events/{id}/sessions?_ondate=… (live), sold-out sessions included. */
export async function sessionsOn(
  baseUrl: string,
  eventId: string,
  date: string,
): Promise<PricedSession[]> {
  return (await sessionsAndPricesOn(baseUrl, eventId, date)).sessions;
}

/** One day's sessions with their price schedule (each session's price of each type). */
export async function sessionsAndPricesOn(baseUrl: string, eventId: string, date: string) {
  const body = sessionsResponseSchema.parse(
    await apiJson(`${baseUrl}${sessionsOnPath(SELLER, eventId, date)}`),
  );
  return { sessions: body.event_session._data, schedule: body.price_schedule?._data ?? [] };
}

/** The ticket types a visitor can choose at a session, in rank order (public groups only). */
export async function sessionTicketTypes(
  baseUrl: string,
  eventId: string,
  sessionId: string,
): Promise<TicketType[]> {
  const body = sessionDetailResponseSchema.parse(
    await apiJson(
      `${baseUrl}/api/events/${eventId}/sessions/${sessionId}?${Q}&_embed=ticket_group,ticket_type`,
    ),
  );
  const groups = new Set(
    (body.ticket_group?._data ?? [])
      .filter((g) => g.available && g.hidden_type === 'public_browsable')
      .map((g) => g.id),
  );
  return (body.ticket_type?._data ?? [])
    .filter((t) => t.available && groups.has(t.ticket_group_id))
    .sort((x, y) => x._rank - y._rank);
}
