import type { FastifyInstance } from 'fastify';
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
import {
  getEvent,
  getTicketGroup,
  listAvailableEvents,
  listConfig,
  listEventTemplates,
} from './service';

/** The browsing reads, each on /api and /cached_api (spec: shopping §7). */
export function registerCatalogRoutes(app: FastifyInstance) {
  const db = () => app.deps.database.db;
  registerReadRoute(app, {
    path: '/events/available',
    query: availableEventsQuery,
    response: eventTemplateResponseSchema,
    handler: (ctx) => listAvailableEvents(db(), ctx),
  });
  registerReadRoute(app, {
    path: '/events/:id',
    query: eventByIdQuery,
    response: eventTemplateResponseSchema,
    handler: (ctx) => getEvent(db(), ctx, ctx.params.id ?? ''),
  });
  registerReadRoute(app, {
    path: '/event_template',
    query: eventTemplateQuery,
    response: eventTemplateResponseSchema,
    handler: (ctx) => listEventTemplates(db(), ctx),
  });
  registerReadRoute(app, {
    path: '/config',
    query: configQuery,
    response: configResponseSchema,
    handler: (ctx) => listConfig(db(), ctx),
  });
  registerReadRoute(app, {
    path: '/ticket_group/:id',
    query: ticketGroupByIdQuery,
    response: ticketGroupResponseSchema,
    handler: (ctx) => getTicketGroup(db(), ctx, ctx.params.id ?? ''),
  });
}
