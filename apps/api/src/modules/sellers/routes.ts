import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toCollection } from '@admit/contracts/envelope';
import { sellerConfigRoute } from '@admit/contracts/routes/catalog';
import { AppError, validationFailed } from '@/http/app-error';
import { sellerQuerySchema } from '@/http/caller';
import { sellerSlugFor } from '@/http/seller-host';
import { fromTable, onUrl } from '@/http/table-route';

/**
 * GET /api/seller_config?_seller={slug} (also under /cached_api; no `_seller` on a seller's
 * domain): the same object the host
 * injects into the page, for the Vite dev server which has no injection (docs/decisions/0003).
 */
export const sellerConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sellers } = app;
  // `_seller` is checked in the handler, not by the route schema: its refusal keeps the
  // `seller_config` context and text the storefront has always been sent
  // (the route table's sellerConfigRoute, decision 0050, on both prefixes)
  for (const [route, cacheControl] of [
    [sellerConfigRoute, () => 'no-store'],
    [
      onUrl(sellerConfigRoute, '/cached_api/seller_config'),
      () => `public, max-age=${app.deps.config.CACHE_MAX_AGE}`,
    ],
  ] as const) {
    app.route({
      ...fromTable(route),
      handler: async (request, reply) => {
        // the seller of the request's Host first (decision 0070), as the caller hook reads it
        const host = await app.hostSeller(request);
        const parsed = sellerQuerySchema.safeParse(request.query);
        const slug = sellerSlugFor(host, parsed.success ? parsed.data._seller : undefined, () =>
          validationFailed('seller_config', '_seller', 'is required'),
        );
        const row = await sellers.bySlug(slug);
        if (!row)
          throw new AppError('seller_not_found', 'seller_config', `Seller ${slug} not found`);
        reply.header('cache-control', cacheControl());
        return { seller_config: toCollection([sellers.configOf(row, host)]) };
      },
    });
  }
};
