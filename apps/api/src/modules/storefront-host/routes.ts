import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { isSellerSlug } from '@/http/caller';
import { fromRepoRoot } from '@/repo-root';
import { buildSellerConfig } from '@/modules/sellers/seller-config';
import { getSellerBySlug, listSellerSlugs } from '@/modules/sellers/repo';
import { StorefrontDist, contentTypeOf, isHashedAsset } from './dist';
import { renderSellerPage } from './inject';
import { notBuiltPage, notFoundPage } from './pages';

export const DEFAULT_STOREFRONT_DIST = 'apps/storefront/dist';
export const HOME_SELLER = 'demo-museum';

/** First path segments owned by the API; the seller routes must never answer for them. */
const RESERVED_SEGMENTS = new Set(['api', 'cached_api', 'assets-app', 'health', '_dev']);

function html(reply: FastifyReply, status: number, body: string) {
  return reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .send(body);
}

/**
 * Serves the built storefront: hashed assets under /assets-app/, and /{seller}/… deep links as
 * index.html with that seller's config injected (docs/decisions/0003). Register it last: its
 * `/:seller` routes are the catch-all for everything the API does not own.
 */
export async function registerStorefrontHost(app: FastifyInstance) {
  const dist = new StorefrontDist(
    fromRepoRoot(app.deps.config.STOREFRONT_DIST ?? DEFAULT_STOREFRONT_DIST),
  );

  app.get<{ Params: { '*': string } }>('/assets-app/*', async (request, reply) => {
    const asset = await dist.asset(request.params['*']);
    if (!asset) return reply.callNotFound();
    const etag = `"${createHash('sha1').update(asset.bytes).digest('base64url')}"`;
    reply
      .header('content-type', contentTypeOf(asset.path))
      .header('etag', etag)
      .header(
        'cache-control',
        isHashedAsset(asset.path) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.send(asset.bytes);
  });

  app.get('/', async (_request, reply) => {
    const slugs = await listSellerSlugs(app.deps.database.db);
    const home = slugs.includes(HOME_SELLER) ? HOME_SELLER : slugs[0];
    if (!home) return html(reply, 404, notFoundPage());
    return reply.redirect(`/${home}/`, 302);
  });

  const sellerPage = async (
    request: FastifyRequest<{ Params: { seller: string } }>,
    reply: FastifyReply,
  ) => {
    const slug = request.params.seller;
    // an unknown /api/… path must get the API's JSON 404, not a storefront page
    if (RESERVED_SEGMENTS.has(slug)) return reply.callNotFound();
    const seller = isSellerSlug(slug)
      ? await getSellerBySlug(app.deps.database.db, slug)
      : undefined;
    if (!seller) return html(reply, 404, notFoundPage());
    const template = await dist.indexHtml();
    if (!template) return html(reply, 503, notBuiltPage());
    return html(reply, 200, renderSellerPage(template, buildSellerConfig(seller, app.deps.config)));
  };
  app.get('/:seller', sellerPage);
  app.get('/:seller/*', sellerPage);
}
