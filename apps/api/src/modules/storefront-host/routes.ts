import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { isSellerSlug } from '@/http/caller';
import { fromRepoRoot } from '@/repo-root';
import { buildSellerConfig } from '@/modules/sellers/seller-config';
import { getSellerBySlug, listSellerSlugs } from '@/modules/sellers/repo';
import { sellerSiteOf } from '@/modules/sellers/seller-site';
import { contentSecurityPolicy } from '@/http/content-security-policy';
import { StorefrontDist, contentTypeOf, isHashedAsset } from './dist';
import { coverPreloadTag, eventIdOfPath, findEventCover } from './event-cover';
import { renderSellerPage } from './inject';
import { eventInitialReads } from './initial-reads';
import { pagePreloadTags } from './page-preloads';
import { notBuiltPage, notFoundPage } from './pages';

export const DEFAULT_STOREFRONT_DIST = 'apps/storefront/dist';
export const HOME_SELLER = 'demo-museum';

/** First path segments owned by the API; the seller routes must never answer for them. */
const RESERVED_SEGMENTS = new Set(['api', 'cached_api', 'admin', 'assets-app', 'health', '_dev']);

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

  // Built assets, precompressed at build time (vite-plugin-compression2 writes .br and .gz beside
  // each file): the variant the client accepts is sent as is, so no request pays for compression.
  // Anything without a twin (small files, source maps) is left to the global compression.
  await app.register(async (assets) => {
    // one content type per extension, whichever variant went out (RFC 9239 text/javascript),
    // and Vary, so a shared cache keeps the variants apart
    assets.addHook('onSend', async (request, reply, payload) => {
      if (reply.statusCode >= 300) return payload;
      reply.header('content-type', contentTypeOf(request.url.split('?')[0]!));
      const vary = String(reply.getHeader('vary') ?? '');
      if (!/accept-encoding/i.test(vary)) {
        reply.header('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
      }
      return payload;
    });
    await assets.register(fastifyStatic, {
      root: dist.dir,
      prefix: '/assets-app/',
      preCompressed: true,
      index: false,
      decorateReply: false,
      cacheControl: false,
      setHeaders(res, path) {
        const original = path.replace(/\.(br|gz)$/, '');
        res.setHeader(
          'cache-control',
          isHashedAsset(original) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
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
    // only the seller's own origins may frame its storefront (checkout and login included)
    const { frameAncestors } = sellerSiteOf(seller.config, app.deps.config);
    reply.header('content-security-policy', contentSecurityPolicy(frameAncestors));
    // what this page draws first starts with the HTML: its largest image and its code
    const path = request.url.split('?')[0]!;
    const eventId = eventIdOfPath(path);
    const [cover, reads] = eventId
      ? await Promise.all([
          findEventCover(app.deps.database.db, seller.id, eventId),
          eventInitialReads(app, seller.slug, eventId),
        ])
      : [undefined, {}];
    const head = [
      ...(cover ? [coverPreloadTag(cover)] : []),
      ...pagePreloadTags(path.split('/').slice(2).join('/'), await dist.routePreloads()),
    ];
    const config = buildSellerConfig(seller, app.deps.config);
    return html(reply, 200, renderSellerPage(template, config, head, reads));
  };
  app.get('/:seller', sellerPage);
  app.get('/:seller/*', sellerPage);
}
