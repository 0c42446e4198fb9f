import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
import { rawQuerySchema, registerReadRoute } from '@/http/read-route';
import type { App } from '@/http/typed-app';
import { calendarQuery, pricecheckQuery, sessionDetailQuery, sessionsQuery } from './query-specs';
import type { AvailabilityRequest } from './request';

const calendarResponseSchema = z.union([
  calendarExtendedResponseSchema,
  calendarPlainResponseSchema,
]);

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

  registerReadRoute(app, {
    path: '/events/:id/calendar',
    query: calendarQuery,
    response: calendarResponseSchema,
    handler: (ctx) => availability.calendar(ctx, ctx.params.id ?? ''),
  });
  const calendarPost = postRead(calendarQuery);
  app.post(
    '/api/events/:id/calendar',
    {
      schema: {
        querystring: rawQuerySchema,
        params: eventParams,
        body: selectionBodySchema,
        response: { 200: calendarResponseSchema },
      },
      config: calendarPost.config,
    },
    async (request, reply) => {
      const answer = await availability.calendar(
        calendarPost.request(app, request),
        request.params.id,
        request.body.ticket_types_required,
      );
      return reply.headers(noStore).send(answer);
    },
  );

  registerReadRoute(app, {
    path: '/events/:id/sessions',
    query: sessionsQuery,
    response: sessionsResponseSchema,
    handler: (ctx) => availability.sessions(ctx, ctx.params.id ?? '', null),
  });
  const sessionsPost = postRead(sessionsQuery);
  app.post(
    '/api/events/:id/sessions',
    {
      schema: {
        querystring: rawQuerySchema,
        params: eventParams,
        body: selectionBodySchema,
        response: { 200: sessionsResponseSchema },
      },
      config: sessionsPost.config,
    },
    async (request, reply) => {
      const answer = await availability.sessions(
        sessionsPost.request(app, request),
        request.params.id,
        request.body.ticket_types_required,
      );
      return reply.headers(noStore).send(answer);
    },
  );

  registerReadRoute(app, {
    path: '/events/:eventId/sessions/:sessionId',
    query: sessionDetailQuery,
    response: sessionDetailResponseSchema,
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
