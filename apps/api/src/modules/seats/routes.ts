import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { seatMapRoute } from '@admit/contracts/routes/availability';
import type { QuerySpec } from '@/http/query-grammar';
import { sessionReadScope } from '@/http/read-scopes';
import { registerReadRoute } from '@/http/read-route';

/** GET events/{eventId}/sessions/{sessionId}/seat_map: `_withgeometry` is its only option. */
const seatMapQuery: QuerySpec = {
  context: 'seat_map',
  fields: {},
  options: ['_withgeometry'],
};

/** `?_withgeometry` (no value) or any value but false/0 asks for the geometry (spec: shopping §7). */
const isOn = (value: string | undefined) =>
  value !== undefined && !['false', '0'].includes(value.toLowerCase());

/**
 * The seat map on /api and /cached_api (decision 0052): the cached copy is scoped to the
 * session, so a hold, release, expiry or cancel makes it stale at once (http/read-scopes.ts).
 */
export const seatRoutes: FastifyPluginAsyncZod = async (app) => {
  const { seats } = app;
  registerReadRoute(app, {
    route: seatMapRoute,
    query: seatMapQuery,
    cacheScope: (params) => sessionReadScope(params.sessionId ?? ''),
    handler: (ctx) =>
      seats.seatMap(
        ctx,
        ctx.params.eventId ?? '',
        ctx.params.sessionId ?? '',
        isOn(ctx.query.options._withgeometry),
      ),
  });
};
