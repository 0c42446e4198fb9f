import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  calendarExtendedResponseSchema,
  calendarPlainResponseSchema,
  pricecheckBodySchema,
  pricecheckResponseSchema,
  selectionBodySchema,
  sessionDetailResponseSchema,
  sessionsResponseSchema,
} from '@admit/contracts/availability';
import { parseQuery, type QuerySpec } from '@/http/query-grammar';
import { registerReadRoute } from '@/http/read-route';
import { ttlCache } from '@/lib/ttl-cache';
import { eventCalendar } from './calendar';
import { pricecheck } from './pricecheck';
import { calendarQuery, pricecheckQuery, sessionDetailQuery, sessionsQuery } from './query-specs';
import type { AvailabilityRequest } from './request';
import type { AvailabilityScope } from './scope';
import { eventSessionDetail } from './session-detail';
import { eventSessions } from './sessions';

const calendarResponseSchema = z.union([
  calendarExtendedResponseSchema,
  calendarPlainResponseSchema,
]);

interface PostRead<B extends z.ZodType, S extends z.ZodType> {
  path: string;
  query: QuerySpec;
  body: B;
  response: S;
  handler: (
    request: AvailabilityRequest,
    params: Record<string, string>,
    body: z.output<B>,
  ) => Promise<z.input<S>>;
}

/**
 * A read that takes a body (the selected quantities): live only, for the visitor's identity,
 * never cached (shopping §7 POST calendar, sessions and pricecheck).
 */
function registerPostRead<B extends z.ZodType, S extends z.ZodType>(
  app: FastifyInstance,
  route: PostRead<B, S>,
) {
  const config = { caller: 'visitor', callerContext: route.query.context } as const;
  app.post(
    `/api${route.path}`,
    { schema: { body: route.body }, config },
    async (request, reply) => {
      const query = parseQuery(route.query, request.query as Record<string, string>);
      const { seller, identity } = request.caller;
      const result = await route.handler(
        { seller, identity, query, now: app.deps.now() },
        request.params as Record<string, string>,
        request.body as z.output<B>,
      );
      return reply
        .header('cache-control', 'no-store')
        .type('application/json; charset=utf-8')
        .send(JSON.stringify(route.response.parse(result)));
    },
  );
}

/** Calendar, sessions, session detail and pricecheck (spec: shopping §7). */
export function registerAvailabilityRoutes(app: FastifyInstance) {
  const db = () => app.deps.database.db;
  // catalogue rows every read of an event starts from, reused for a moment (scope.ts)
  const scopes = ttlCache<AvailabilityScope>(app.deps.config.AVAILABILITY_SCOPE_CACHE_MS);
  registerReadRoute(app, {
    path: '/events/:id/calendar',
    query: calendarQuery,
    response: calendarResponseSchema,
    handler: async (ctx) =>
      (await eventCalendar(db(), { ...ctx, scopes }, ctx.params.id ?? '')).body,
  });
  registerPostRead(app, {
    path: '/events/:id/calendar',
    query: calendarQuery,
    body: selectionBodySchema,
    response: calendarResponseSchema,
    handler: async (request, params, body) =>
      (
        await eventCalendar(
          db(),
          { ...request, scopes },
          params.id ?? '',
          body.ticket_types_required,
        )
      ).body,
  });
  registerReadRoute(app, {
    path: '/events/:id/sessions',
    query: sessionsQuery,
    response: sessionsResponseSchema,
    handler: (ctx) => eventSessions(db(), { ...ctx, scopes }, ctx.params.id ?? '', null),
  });
  registerPostRead(app, {
    path: '/events/:id/sessions',
    query: sessionsQuery,
    body: selectionBodySchema,
    response: sessionsResponseSchema,
    handler: (request, params, body) =>
      eventSessions(db(), { ...request, scopes }, params.id ?? '', body.ticket_types_required),
  });
  registerReadRoute(app, {
    path: '/events/:eventId/sessions/:sessionId',
    query: sessionDetailQuery,
    response: sessionDetailResponseSchema,
    handler: (ctx) =>
      eventSessionDetail(
        db(),
        { ...ctx, scopes },
        ctx.params.eventId ?? '',
        ctx.params.sessionId ?? '',
      ),
  });
  registerPostRead(app, {
    path: '/events/:id/pricecheck',
    query: pricecheckQuery,
    body: pricecheckBodySchema,
    response: pricecheckResponseSchema,
    handler: (request, params, body) =>
      pricecheck(
        db(),
        { ...request, scopes },
        params.id ?? '',
        body.ticket_types_required.map((t) => t.ticket_type_id),
      ),
  });
}
