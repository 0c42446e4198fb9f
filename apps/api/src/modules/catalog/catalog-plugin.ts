import fp from 'fastify-plugin';
import type { ReadContext } from '@/http/read-route';
import {
  getEvent,
  getTicketGroup,
  listAvailableEvents,
  listConfig,
  listEventTemplates,
} from './service';

/**
 * The browsing reads (spec: shopping §7), each over the database its context names: the
 * replica for a cached read when one is configured (decision 0097), otherwise the primary.
 */
export function createCatalogService() {
  return {
    listAvailableEvents: (ctx: ReadContext) => listAvailableEvents(ctx.db, ctx),
    getEvent: (ctx: ReadContext, id: string) => getEvent(ctx.db, ctx, id),
    listEventTemplates: (ctx: ReadContext) => listEventTemplates(ctx.db, ctx),
    listConfig: (ctx: ReadContext) => listConfig(ctx.db, ctx),
    getTicketGroup: (ctx: ReadContext, id: string) => getTicketGroup(ctx.db, ctx, id),
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;

declare module 'fastify' {
  interface FastifyInstance {
    /** the catalogue reads: events, event templates, config rows, ticket groups */
    catalog: CatalogService;
  }
}

/** Builds the catalog service once and decorates the app with it (`app.catalog`). */
export const catalogService = fp(
  async (app) => {
    app.decorate('catalog', createCatalogService());
  },
  { name: 'catalog-service' },
);
