import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  availableEventsRoute,
  configRoute,
  eventRoute,
  eventTemplatesRoute,
  ticketGroupRoute,
} from '@admit/contracts/routes/catalog';
import { registerReadRoute } from '@/http/read-route';
import {
  availableEventsQuery,
  configQuery,
  eventByIdQuery,
  eventTemplateQuery,
  ticketGroupByIdQuery,
} from './query-specs';

/** The browsing reads, each on /api and /cached_api (spec: shopping §7), from the route table. */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const { catalog } = app;
  registerReadRoute(app, {
    route: availableEventsRoute,
    query: availableEventsQuery,
    handler: (ctx) => catalog.listAvailableEvents(ctx),
  });
  registerReadRoute(app, {
    route: eventRoute,
    query: eventByIdQuery,
    handler: (ctx) => catalog.getEvent(ctx, ctx.params.eventId ?? ''),
  });
  registerReadRoute(app, {
    route: eventTemplatesRoute,
    query: eventTemplateQuery,
    handler: (ctx) => catalog.listEventTemplates(ctx),
  });
  registerReadRoute(app, {
    route: configRoute,
    query: configQuery,
    handler: (ctx) => catalog.listConfig(ctx),
  });
  registerReadRoute(app, {
    route: ticketGroupRoute,
    query: ticketGroupByIdQuery,
    handler: (ctx) => catalog.getTicketGroup(ctx, ctx.params.groupId ?? ''),
  });
};
