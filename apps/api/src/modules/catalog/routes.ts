import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  configResponseSchema,
  eventTemplateResponseSchema,
  ticketGroupResponseSchema,
} from '@admit/contracts/catalog';
import { registerReadRoute } from '@/http/read-route';
import {
  availableEventsQuery,
  configQuery,
  eventByIdQuery,
  eventTemplateQuery,
  ticketGroupByIdQuery,
} from './query-specs';

/** The browsing reads, each on /api and /cached_api (spec: shopping §7). */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const { catalog } = app;
  registerReadRoute(app, {
    path: '/events/available',
    query: availableEventsQuery,
    response: eventTemplateResponseSchema,
    handler: (ctx) => catalog.listAvailableEvents(ctx),
  });
  registerReadRoute(app, {
    path: '/events/:id',
    query: eventByIdQuery,
    response: eventTemplateResponseSchema,
    handler: (ctx) => catalog.getEvent(ctx, ctx.params.id ?? ''),
  });
  registerReadRoute(app, {
    path: '/event_template',
    query: eventTemplateQuery,
    response: eventTemplateResponseSchema,
    handler: (ctx) => catalog.listEventTemplates(ctx),
  });
  registerReadRoute(app, {
    path: '/config',
    query: configQuery,
    response: configResponseSchema,
    handler: (ctx) => catalog.listConfig(ctx),
  });
  registerReadRoute(app, {
    path: '/ticket_group/:id',
    query: ticketGroupByIdQuery,
    response: ticketGroupResponseSchema,
    handler: (ctx) => catalog.getTicketGroup(ctx, ctx.params.id ?? ''),
  });
};
