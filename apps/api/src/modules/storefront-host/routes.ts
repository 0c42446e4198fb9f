import type { FastifyReply, FastifyRequest } from 'fastify';
import { relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fromRepoRoot } from '@/repo-root';
import { contentSecurityPolicy, cspDirectives } from '@/http/content-security-policy';
import { StorefrontDist, contentTypeOf, isHashedAsset } from './dist';
import { coverPreloadTag, imagePreloadTag, eventIdOfPath, findEventCover } from './event-cover';
import { renderSellerPage } from './inject';
import { pageInitialReads } from './initial-reads';
import { privatePageReads } from './private-reads';
import {
  isPrivatePage,
  isStorefrontPage,
  serverRenderedPageOf,
} from '@admit/contracts/storefront-pages';
import { isReservedPathSegment } from '@admit/contracts/reserved-path-segments';
import { errorEnvelopeSchema } from '@admit/contracts/envelope';
import type { HostSeller } from '@/http/seller-host';
import type { SellerRow } from '@/modules/sellers/seller-config';
import { ServerRenderer } from './server-render';
import { isPhoneRequest } from './viewport';
import { pagePreloadTags, pageStyleTags } from './page-preloads';
import { notBuiltPage, notFoundPage } from './pages';

export const DEFAULT_STOREFRONT_DIST = 'apps/storefront/dist';
/** The SSR bundle's folder beside a built storefront folder (`dist` → `dist-ssr`). */
export const SSR_DIST_SUFFIX = '-ssr';
export const HOME_SELLER = 'demo-museum';

/** `privately`: the page carries the visitor's own reads (decision 0045), never kept anywhere. */
function html(reply: FastifyReply, status: number, body: string, privately = false) {
  return reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', privately ? 'private, no-store' : 'no-cache')
    .send(body);
}

/**
 * A page for people: its HTML is sent as the string it is (never serialised). A 404 is the
 * storefront's page, or the error envelope when a hook or the framework refuses the request
 * first (a path of NUL bytes, say): the schema must let both through, or the refusal became a 500.
 */
const htmlPage = { 200: z.string(), 404: z.union([z.string(), errorEnvelopeSchema]) };
const sellerParams = z.object({ seller: z.string() });

/**
 * Serves the built storefront: hashed assets under /assets-app/, and /{seller}/… deep links as
 * index.html with that seller's config injected (docs/decisions/0003). Register it last: its
 * `/:seller` routes are the catch-all for everything the API does not own.
 */
const storefrontHostRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config: env } = app.deps;
  const directives = cspDirectives(env.ERROR_REPORTER_DSN);
  const { sellers } = app;
  const dist = new StorefrontDist(fromRepoRoot(env.STOREFRONT_DIST ?? DEFAULT_STOREFRONT_DIST));
  const renderer = new ServerRenderer(
    env.STOREFRONT_SSR_DIST ? fromRepoRoot(env.STOREFRONT_SSR_DIST) : dist.dir + SSR_DIST_SUFFIX,
    env.STOREFRONT_SSR_BUDGET_MS,
    app.log,
  );
  // the bundle (and the jsdom its sanitizer uses) loads at start, not on a visitor's page;
  // closing waits for that load, so no import outlives the app (or the test file that built it).
  // It starts loading with `listen`, beside the migrations, and the start gate opens only once
  // it has loaded (tests excepted): the first page after a restart is then drawn in its budget
  // instead of going out undrawn while the bundle loads (decisions 0072, 0082)
  let warming: Promise<void> | undefined;
  const warm = () => {
    if (env.STOREFRONT_SSR_BUDGET_MS > 0) warming ??= renderer.warm();
    return warming;
  };
  app.addHook('onReady', async () => void warm());
  app.startGate.whenOpening(async () => {
    const loading = warm();
    if (env.NODE_ENV !== 'test') await loading;
  });
  app.addHook('onClose', async () => {
    await warming;
  });

  // Built assets, precompressed at build time (vite-plugin-compression2 writes .br and .gz beside
  // each file): the variant the client accepts is sent as is, so no request pays for compression.
  // Anything without a twin (small files, source maps) is left to the global compression.
  // (streamed files sent by @fastify/static: a stream cannot carry a response schema)
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
        const original = relative(dist.dir, path.replace(/\.(br|gz)$/, ''))
          .split(sep)
          .join('/');
        res.setHeader(
          'cache-control',
          isHashedAsset(original) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  });

  // on a shared host, a redirect to the home seller (no body), or the 404 page when there is no
  // seller at all; on a seller's domain, that seller's home page (decision 0071)
  app.get(
    '/',
    { schema: { response: { ...htmlPage, 302: z.undefined() } } },
    async (request, reply) => {
      const host = await app.hostSeller(request);
      if (host.kind === 'domain') return domainPage(request, reply, host);
      const slugs = await sellers.listSlugs();
      const home = slugs.includes(HOME_SELLER) ? HOME_SELLER : slugs[0];
      if (!home) return html(reply, 404, notFoundPage());
      return reply.redirect(`/${home}/`, 302);
    },
  );

  /**
   * A page of a seller's own domain (decision 0071): its storefront at the root, router base
   * empty. Every path is that seller's: another seller's slug is no page of it (the storefront's
   * 404), and its own slug path, the address of its links before it had a domain, moves to the
   * same page at the root.
   */
  const domainPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    host: Extract<HostSeller, { kind: 'domain' }>,
  ) => {
    const [path = '/', query] = request.url.split('?');
    const [first = '', ...rest] = path.slice(1).split('/');
    if (isReservedPathSegment(first)) return reply.callNotFound();
    if (first === host.seller.slug) {
      const to = `/${rest.join('/')}${query === undefined ? '' : `?${query}`}`;
      return reply.redirect(to, 301);
    }
    const seller = await sellers.bySlug(host.seller.slug);
    if (!seller) return html(reply, 404, notFoundPage());
    return storefrontPage(request, reply, seller, host, path.slice(1));
  };

  const sellerPage = async (
    request: FastifyRequest<{ Params: { seller: string } }>,
    reply: FastifyReply,
  ) => {
    const host = await app.hostSeller(request);
    if (host.kind === 'domain') return domainPage(request, reply, host);
    const slug = request.params.seller;
    // an unknown /api/… path must get the API's JSON 404, not a storefront page
    if (isReservedPathSegment(slug)) return reply.callNotFound();
    const seller = await sellers.bySlug(slug);
    if (!seller) return html(reply, 404, notFoundPage());
    const [path = ''] = request.url.split('?');
    return storefrontPage(request, reply, seller, host, path.split('/').slice(2).join('/'));
  };

  /** The storefront's page `below` its router base, for `seller`. */
  const storefrontPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    seller: SellerRow,
    host: HostSeller,
    below: string,
  ) => {
    const template = await dist.indexHtml();
    if (!template) return html(reply, 503, notBuiltPage());
    // only the seller's own origins may frame its storefront (checkout and login included)
    const frameAncestors = await sellers.frameAncestorsOf(seller);
    reply.header('content-security-policy', contentSecurityPolicy(directives, frameAncestors));
    // what this page draws first starts with the HTML: its largest image and its code
    const [, query = ''] = request.url.split('?');
    const eventId = eventIdOfPath(below);
    // on the seller's own domain, the environment that domain names (decision 0070) and the
    // storefront at its root (decision 0071)
    const config = sellers.configOf(seller, host);
    // the listing and the event page go out drawn (decision 0044), and the checkout and the
    // completed page from the visitor's own reads (decision 0045): they paint before any script
    const drawn = serverRenderedPageOf(below);
    const own =
      drawn && isPrivatePage(drawn) && env.STOREFRONT_SSR_BUDGET_MS > 0
        ? await privatePageReads(app, request, config, drawn, below, new URLSearchParams(query))
        : undefined;
    const initial = own ? undefined : await pageInitialReads(app, seller.slug, below, eventId);
    const reads = own?.reads ?? initial?.reads ?? {};
    // an unknown address, or an event that does not exist, is the storefront's 404 page: the
    // page is the same single-page app, but its status says so (identity §2 "404 page")
    const notFound = !isStorefrontPage(below, config) || initial?.notFound === true;
    const mobile = isPhoneRequest(request.headers);
    const rendered =
      drawn && (!isPrivatePage(drawn) || own)
        ? await renderer.render({ url: request.url, config, reads, mobile, visitor: own?.visitor })
        : undefined;
    // the largest image first: a drawn page names its own (the listing's first card too); an
    // undrawn event page (a sub-route, or a render that did not come) its cover, looked up then
    const cover =
      !rendered?.priorityImages?.length && eventId
        ? await findEventCover(app.deps.database.db, seller.id, eventId)
        : undefined;
    const images = rendered?.priorityImages?.length
      ? rendered.priorityImages.map(imagePreloadTag)
      : cover
        ? [coverPreloadTag(cover)]
        : [];
    const routeFiles = await dist.routePreloads();
    const head = [...images, ...pagePreloadTags(below, routeFiles)];
    if (rendered) {
      reply.header('server-timing', `ssr;dur=${rendered.ms.toFixed(1)}`);
      // the markup depends on the guessed layout: a shared cache keeps the two apart
      reply.header('vary', 'Sec-CH-UA-Mobile, User-Agent');
    }
    const page = rendered && { ...rendered, mobile, visitor: own?.visitor };
    const body = renderSellerPage(
      template,
      config,
      head,
      reads,
      page,
      pageStyleTags(below, routeFiles),
    );
    return html(reply, notFound ? 404 : 200, body, own !== undefined);
  };
  const schema = { params: sellerParams, response: { ...htmlPage, 301: z.undefined() } };
  app.get('/:seller', { schema }, sellerPage);
  app.get('/:seller/*', { schema }, sellerPage);
};

/** The storefront host, encapsulated (its asset hooks stay its own), after the seller service. */
export const storefrontHost = fp(storefrontHostRoutes, {
  name: 'storefront-host',
  dependencies: ['start-gate', 'sellers-service'],
  encapsulate: true,
});
