import type { FastifyInstance, FastifyReply } from 'fastify';
import { toCollection } from '@admit/contracts/envelope';
import { AppError, validationFailed } from '@/http/app-error';
import { isSellerSlug, sellerQuerySchema } from '@/http/caller';
import { getSellerBySlug } from './repo';
import { buildSellerConfig } from './seller-config';

/**
 * GET /api/seller_config?_seller={slug} (also under /cached_api): the same object the host
 * injects into the page, for the Vite dev server which has no injection (docs/decisions/0003).
 */
export async function registerSellerConfigRoutes(app: FastifyInstance) {
  const handler =
    (cacheControl: () => string) =>
    async (request: { query: Record<string, unknown> }, reply: FastifyReply) => {
      // the full row (not the caller's SellerRef): the config is built from it
      const parsed = sellerQuerySchema.safeParse(request.query);
      if (!parsed.success) throw validationFailed('seller_config', '_seller', 'is required');
      const slug = parsed.data._seller;
      const row = isSellerSlug(slug)
        ? await getSellerBySlug(app.deps.database.db, slug)
        : undefined;
      if (!row) throw new AppError('seller_not_found', 'seller_config', `Seller ${slug} not found`);
      const config = buildSellerConfig(row, app.deps.config);
      reply.header('cache-control', cacheControl());
      return { seller_config: toCollection([config]) };
    };
  app.get<{ Querystring: Record<string, unknown> }>(
    '/api/seller_config',
    handler(() => 'no-store'),
  );
  app.get<{ Querystring: Record<string, unknown> }>(
    '/cached_api/seller_config',
    handler(() => `public, max-age=${app.deps.config.CACHE_MAX_AGE}`),
  );
}
