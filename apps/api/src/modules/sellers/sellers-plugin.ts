import fp from 'fastify-plugin';
import type { SellerConfig } from '@admit/contracts/seller-config';
import type { AppConfig } from '@/config';
import type { Db } from '@/db/connection';
import { isSellerSlug } from '@/http/caller';
import type { HostSeller } from '@/http/seller-host';
import { getSellerBySlug, listSellerDomains, listSellerSlugs } from './repo';
import { buildSellerConfig, type SellerRow } from './seller-config';
import { sellerSiteOf, type SellerSite } from './seller-site';

/** Sellers by slug and what the storefront is told of them (docs/decisions/0003). */
export function createSellerService(db: Db, config: AppConfig) {
  return {
    /** the full row (not the caller's SellerRef); undefined for a slug no seller can have */
    bySlug: (slug: string): Promise<SellerRow | undefined> =>
      isSellerSlug(slug) ? getSellerBySlug(db, slug) : Promise.resolve(undefined),
    /** every seller's slug, oldest first */
    listSlugs: (): Promise<string[]> => listSellerSlugs(db),
    /**
     * the config the storefront boots with (injected into the page, or GET seller_config); on
     * one of the seller's own domains (`host`), with that domain's environment
     */
    configOf: (row: SellerRow, host?: HostSeller): SellerConfig =>
      buildSellerConfig(
        row,
        config,
        host?.kind === 'domain' && host.seller.id === row.id ? host.environment : null,
      ),
    /** the seller's site: public origin and who may frame its pages */
    siteOf: (row: SellerRow): SellerSite => sellerSiteOf(row.config, config),
    /**
     * who may frame the seller's storefront pages (CSP frame-ancestors, decision 0071): the
     * origins its site names (else only the page's own), and each of its own domains, so one of
     * them may embed another; never another seller's. A production or test domain over HTTPS;
     * a local one (the demo's `*.localhost`) by the page's scheme, on any port.
     */
    frameAncestorsOf: async (row: SellerRow): Promise<string[]> => {
      const domains = await listSellerDomains(db, row.id);
      return [
        ...sellerSiteOf(row.config, config).frameAncestors,
        ...domains.map((d) => (d.environment === 'local' ? `${d.host}:*` : `https://${d.host}`)),
      ];
    },
  };
}

export type SellerService = ReturnType<typeof createSellerService>;

declare module 'fastify' {
  interface FastifyInstance {
    /** sellers by slug, their storefront config and site */
    sellers: SellerService;
  }
}

/** Builds the seller service once: `app.sellers`. */
export const sellersService = fp(
  async (app) => {
    app.decorate('sellers', createSellerService(app.deps.database.db, app.deps.config));
  },
  { name: 'sellers-service' },
);
