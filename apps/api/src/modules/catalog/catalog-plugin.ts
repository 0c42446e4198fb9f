import fp from 'fastify-plugin';
import type { Db } from '@/db/connection';
import type { ReadContext } from '@/http/read-route';
import {
  getEvent,
  getTicketGroup,
  listAvailableEvents,
  listConfig,
  listEventTemplates,
} from './service';

/** The browsing reads over the app's database (spec: shopping §7). */
export function createCatalogService(db: Db) {
  return {
    listAvailableEvents: (ctx: ReadContext) => listAvailableEvents(db, ctx),
    getEvent: (ctx: ReadContext, id: string) => getEvent(db, ctx, id),
    listEventTemplates: (ctx: ReadContext) => listEventTemplates(db, ctx),
    listConfig: (ctx: ReadContext) => listConfig(db, ctx),
    getTicketGroup: (ctx: ReadContext, id: string) => getTicketGroup(db, ctx, id),
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
    app.decorate('catalog', createCatalogService(app.deps.database.db));
  },
  { name: 'catalog-service' },
);
