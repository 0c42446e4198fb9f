import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { collectionSchema, toCollection } from '@admit/contracts/envelope';
import { sellerConfigSchema } from '@admit/contracts/seller-config';
import { AppError, validationFailed } from '@/http/app-error';
import { sellerQuerySchema } from '@/http/caller';
import { rawQuerySchema } from '@/http/read-route';

const sellerConfigResponseSchema = z.object({
  seller_config: collectionSchema(sellerConfigSchema),
});

/**
 * GET /api/seller_config?_seller={slug} (also under /cached_api): the same object the host
 * injects into the page, for the Vite dev server which has no injection (docs/decisions/0003).
 */
export const sellerConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sellers } = app;
  // `_seller` is checked in the handler, not by the route schema: its refusal keeps the
  // `seller_config` context and text the storefront has always been sent
  const schema = {
    querystring: rawQuerySchema,
    response: { 200: sellerConfigResponseSchema },
  };
  for (const [prefix, cacheControl] of [
    ['/api', () => 'no-store'],
    ['/cached_api', () => `public, max-age=${app.deps.config.CACHE_MAX_AGE}`],
  ] as const) {
    app.get(`${prefix}/seller_config`, { schema }, async (request, reply) => {
      const parsed = sellerQuerySchema.safeParse(request.query);
      if (!parsed.success) throw validationFailed('seller_config', '_seller', 'is required');
      const slug = parsed.data._seller;
      const row = await sellers.bySlug(slug);
      if (!row) throw new AppError('seller_not_found', 'seller_config', `Seller ${slug} not found`);
      reply.header('cache-control', cacheControl());
      return { seller_config: toCollection([sellers.configOf(row)]) };
    });
  }
};
