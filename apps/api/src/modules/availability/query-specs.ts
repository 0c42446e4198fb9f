import { sql } from 'drizzle-orm';
import type { QuerySpec } from '@/http/query-grammar';
import { ticketGroup } from '@/db/schema/catalog';
import { eventSession } from '@/db/schema/sessions';

/** What each availability read accepts (spec: shopping §7). Anything not listed is a 400. */

/** Sold out by the flag or by capacity, as SQL (the `sold_out` filter of the sessions read). */
export const sessionSoldOutSql = sql`(${eventSession.soldOut} or (${eventSession.capacity} <> -1
  and ${eventSession.capacity} + ${eventSession.oversellCapacity} - ${eventSession.usedCapacity} <= 0))`;

const startDatetime = { sql: sql`${eventSession.startDatetime}`, type: 'timestamp' } as const;
/** restricts the ticket groups considered (applies to the group query, not the sessions) */
const ticketGroupId = { sql: sql`${ticketGroup.id}`, type: 'uuid' } as const;
const sessionId = { sql: sql`${eventSession.id}`, type: 'uuid' } as const;

/**
 * The seed product's clients filter on the embedded resources' fields (`ticket_group.id._in`,
 * `event_session.start_datetime._gte`; issue #26): the same filters as `ticket_group_id` and
 * `start_datetime`, spelt as the embed's field (request.ts folds them in).
 */
const embeddedFields = {
  ticket_group: { fields: { id: ticketGroupId } },
  event_session: { fields: { id: sessionId, start_datetime: startDatetime } },
};

/** GET/POST events/{id}/calendar: `_format` is extended or price; without it a plain map. */
export const calendarQuery: QuerySpec = {
  context: 'event_calendar',
  fields: { start_datetime: startDatetime, ticket_group_id: ticketGroupId },
  relations: embeddedFields,
  options: ['_format'],
};

/** GET/POST events/{id}/sessions */
export const sessionsQuery: QuerySpec = {
  context: 'event_sessions',
  fields: {
    start_datetime: startDatetime,
    sold_out: { sql: sessionSoldOutSql, type: 'bool' },
    ticket_group_id: ticketGroupId,
  },
  relations: embeddedFields,
  ondate: true,
  sort: {
    fields: { start_datetime: sql`${eventSession.startDatetime}` },
    default: 'start_datetime',
  },
  options: ['_include_sold_out'],
};

/** GET events/{eventId}/sessions/{sessionId} */
export const sessionDetailQuery: QuerySpec = {
  context: 'event_session',
  fields: {},
  embeds: ['ticket_group', 'ticket_type', 'meta', 'config', 'venue'],
};

/** POST events/{id}/pricecheck */
export const pricecheckQuery: QuerySpec = { context: 'pricecheck', fields: {} };

/** Fields whose filters narrow the ticket groups rather than the sessions. */
export const GROUP_FILTER_FIELDS = new Set(['ticket_group_id']);
