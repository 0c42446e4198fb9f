import {
  calendarResponseSchema,
  selectionBodySchema,
  sessionDetailResponseSchema,
  sessionsResponseSchema,
} from '../availability';
import { membershipRulesResponseSchema } from '../membership';
import { seatMapResponseSchema } from '../seat-map';
import { callQuery, countParam, idParams, textParam } from './query';
import { defineRoute } from './route';

/** Availability (shopping §7): sessions, the calendar, a session's detail, membership rules. */

const sessionsQuery = callQuery({
  _ondate: textParam,
  _sort: textParam,
  _include_sold_out: textParam,
  _limit: countParam,
  sold_out: textParam,
  'ticket_group_id._in': textParam,
});

/** GET events/{id}/sessions: an event's sessions on a date (or its first one). */
export const sessionsRoute = defineRoute({
  method: 'GET',
  url: '/api/events/:eventId/sessions',
  cached: true,
  schema: {
    params: idParams('eventId'),
    querystring: sessionsQuery,
    response: { 200: sessionsResponseSchema },
  },
});

/** POST events/{id}/sessions: the same, priced for the selected quantities (quantity first). */
export const sessionsForSelectionRoute = defineRoute({
  method: 'POST',
  url: '/api/events/:eventId/sessions',
  schema: {
    params: idParams('eventId'),
    querystring: sessionsQuery,
    body: selectionBodySchema,
    response: { 200: sessionsResponseSchema },
  },
});

const calendarQuery = callQuery({
  _format: textParam,
  'start_datetime._lt': textParam,
  'ticket_group_id._in': textParam,
});

/** GET events/{id}/calendar?_format=extended: the days with availability. */
export const calendarRoute = defineRoute({
  method: 'GET',
  url: '/api/events/:eventId/calendar',
  cached: true,
  schema: {
    params: idParams('eventId'),
    querystring: calendarQuery,
    response: { 200: calendarResponseSchema },
  },
});

/** POST events/{id}/calendar: the days that can hold the selected quantities. */
export const calendarForSelectionRoute = defineRoute({
  method: 'POST',
  url: '/api/events/:eventId/calendar',
  schema: {
    params: idParams('eventId'),
    querystring: calendarQuery,
    body: selectionBodySchema,
    response: { 200: calendarResponseSchema },
  },
});

/** GET events/{id}/sessions/{sessionId}: one session with its groups and types. */
export const sessionDetailRoute = defineRoute({
  method: 'GET',
  url: '/api/events/:eventId/sessions/:sessionId',
  cached: true,
  schema: {
    params: idParams('eventId', 'sessionId'),
    querystring: callQuery({ _embed: textParam }),
    response: { 200: sessionDetailResponseSchema },
  },
});

/**
 * GET events/{e}/sessions/{s}/seat_map (shopping §7): the session's seats and their states;
 * `_withgeometry` adds the background and section labels (decision 0052). Cached like other
 * reads, but a hold clears it, so a held seat is never offered after the hold's answer.
 */
export const seatMapRoute = defineRoute({
  method: 'GET',
  url: '/api/events/:eventId/sessions/:sessionId/seat_map',
  cached: true,
  schema: {
    params: idParams('eventId', 'sessionId'),
    querystring: callQuery({ _withgeometry: textParam }),
    response: { 200: seatMapResponseSchema },
  },
});

/** GET membership_rules (shopping §7: embed ticket_type, limit 1000). */
export const membershipRulesRoute = defineRoute({
  method: 'GET',
  url: '/api/membership_rules',
  cached: true,
  schema: {
    querystring: callQuery({
      _embed: textParam,
      _limit: countParam,
      'ticket_type.id._in': textParam,
    }),
    response: { 200: membershipRulesResponseSchema },
  },
});
