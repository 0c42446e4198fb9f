import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pricecheckBodySchema, pricecheckResponseSchema } from '@admit/contracts/availability';
import {
  calendarForSelectionRoute,
  calendarRoute,
  sessionDetailRoute,
  sessionsForSelectionRoute,
  sessionsRoute,
} from '@admit/contracts/routes/availability';
import { parseQuery, type QuerySpec } from '@/http/query-grammar';
import { rawQuerySchema, registerReadRoute } from '@/http/read-route';
import { eventReadScope } from '@/http/read-scopes';
import { fromTable } from '@/http/table-route';
import type { App } from '@/http/typed-app';
import { calendarQuery, pricecheckQuery, sessionDetailQuery, sessionsQuery } from './query-specs';
import type { AvailabilityRequest } from './request';

const eventParams = z.object({ id: z.string() });

/**
 * A read that takes a body (the selected quantities) is live only, for the visitor's identity,
 * never cached (shopping §7 POST calendar, sessions and pricecheck): its route options and the
 * request as the services read it.
 */
function postRead(query: QuerySpec) {
  return {
    config: { caller: 'visitor', callerContext: query.context } as const,
    request: (
      app: App,
      request: Pick<FastifyRequest, 'caller'> & { query: Record<string, string> },
    ) => {
      const { seller, identity } = request.caller;
      const parsed = parseQuery(query, request.query);
      return { seller, identity, query: parsed, now: app.deps.now() } satisfies AvailabilityRequest;
    },
  };
}

/** Calendar, sessions, session detail and pricecheck (spec: shopping §7). */
export const availabilityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { availability } = app;
  const noStore = {
    'cache-control': 'no-store',
    'content-type': 'application/json; charset=utf-8',
  };

  // a hold, release or expiry on one of the event's sessions makes its cached availability
  // stale on every node (decision 0097)
  const liveScope = {
    cacheScope: (params: Record<string, string>) => eventReadScope(params.eventId ?? ''),
    browsersMayKeep: true,
  };
  // the table's routes (decision 0050); pricecheck is not a storefront call and stays here
  registerReadRoute(app, {
    ...liveScope,
    route: calendarRoute,
    query: calendarQuery,
    handler: (ctx) => availability.calendar(ctx, ctx.params.eventId ?? ''),
  });
  const calendarPost = postRead(calendarQuery);
  app.route({
    ...fromTable(calendarForSelectionRoute),
    config: calendarPost.config,
    handler: async (request, reply) => {
      const answer = await availability.calendar(
        calendarPost.request(app, request),
        request.params.eventId,
        request.body.ticket_types_required,
      );
      return reply.headers(noStore).send(answer);
    },
  });

  registerReadRoute(app, {
    ...liveScope,
    route: sessionsRoute,
    query: sessionsQuery,
    handler: (ctx) => availability.sessions(ctx, ctx.params.eventId ?? '', null),
  });
  const sessionsPost = postRead(sessionsQuery);
  app.route({
    ...fromTable(sessionsForSelectionRoute),
    config: sessionsPost.config,
    handler: async (request, reply) => {
      const answer = await availability.sessions(
        sessionsPost.request(app, request),
        request.params.eventId,
        request.body.ticket_types_required,
      );
      return reply.headers(noStore).send(answer);
    },
  });

  registerReadRoute(app, {
    ...liveScope,
    route: sessionDetailRoute,
    query: sessionDetailQuery,
    handler: (ctx) =>
      availability.sessionDetail(ctx, ctx.params.eventId ?? '', ctx.params.sessionId ?? ''),
  });

  const pricecheckPost = postRead(pricecheckQuery);
  app.post(
    '/api/events/:id/pricecheck',
    {
      schema: {
        querystring: rawQuerySchema,
        params: eventParams,
        body: pricecheckBodySchema,
        response: { 200: pricecheckResponseSchema },
      },
      config: pricecheckPost.config,
    },
    async (request, reply) => {
      const answer = await availability.pricecheck(
        pricecheckPost.request(app, request),
        request.params.id,
        request.body.ticket_types_required.map((t) => t.ticket_type_id),
      );
      return reply.headers(noStore).send(answer);
    },
  );
};
