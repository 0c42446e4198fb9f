import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  cartRead,
  readAddress,
  ticketGroupRead,
  ticketOrderRead,
  type ReadQuery,
} from '@admit/contracts/initial-reads';
import type { SellerConfig } from '@admit/contracts/seller-config';
import type { ServerVisitor } from '@admit/contracts/server-render';
import { parseOrderIds, type PreloadedPage } from '@admit/contracts/storefront-pages';
import {
  CART_COOKIE,
  ORDER_PROOFS_COOKIE,
  decodeOrderProofs,
} from '@admit/contracts/visitor-cookies';
import { isUuid } from '@/http/query-values';
import { cachedRead, injectRead } from './initial-reads';

/** The reads a private page is drawn from, and what the host knew of the visitor. */
export interface PrivatePageReads {
  reads: Record<string, string>;
  visitor: ServerVisitor;
}

/**
 * A read made as the visitor (decision 0045): through the API's own route, with the visitor's
 * cookies, so the API decides what they may see exactly as when the browser asks.
 */
async function visitorRead(
  app: FastifyInstance,
  request: FastifyRequest,
  sellerSlug: string,
  read: { path: string; query: ReadQuery },
): Promise<{ address: string; body: string } | undefined> {
  const address = readAddress(read.path, read.query, false, sellerSlug);
  const body = (await injectRead(app, address, request.headers.cookie))[address];
  return body === undefined ? undefined : { address, body };
}

/** The cart read's seconds left when it is one the checkout shows, else undefined. */
function heldFor(body: string): number | undefined {
  const bundle = JSON.parse(body) as {
    cart?: { _data?: { state?: string; expires_in?: number | null }[] };
  };
  const cart = bundle.cart?._data?.[0];
  return cart?.state === 'pending' && typeof cart.expires_in === 'number'
    ? cart.expires_in
    : undefined;
}

/**
 * The checkout's reads (decision 0045): the held cart the cart cookie names, read with the
 * visitor's session, and the donation upsell's group. A routed other cart is not drawn.
 */
async function checkoutReads(
  app: FastifyInstance,
  request: FastifyRequest,
  config: SellerConfig,
  routeCartId: string | undefined,
): Promise<PrivatePageReads | undefined> {
  const cartId = request.cookies[CART_COOKIE]?.toLowerCase();
  if (!cartId || !isUuid(cartId) || (routeCartId && routeCartId.toLowerCase() !== cartId)) {
    return undefined;
  }
  const slug = config.seller.slug;
  const groupId = config.checkout.donation_group_id;
  const [cart, group] = await Promise.all([
    visitorRead(app, request, slug, cartRead(cartId)),
    groupId ? cachedRead(app, slug, ticketGroupRead(groupId)) : Promise.resolve({}),
  ]);
  const expiresIn = cart && heldFor(cart.body);
  if (!cart || expiresIn === undefined) return undefined;
  return {
    reads: { [cart.address]: cart.body, ...group },
    visitor: { now: app.deps.now().getTime(), cart: { id: cartId, expiresIn }, orderProofs: {} },
  };
}

/** The completed page's reads: each order of `orderIds` with the proof the browser keeps. */
async function completeReads(
  app: FastifyInstance,
  request: FastifyRequest,
  config: SellerConfig,
  orderIds: readonly string[],
): Promise<PrivatePageReads | undefined> {
  const kept = decodeOrderProofs(request.cookies[ORDER_PROOFS_COOKIE]);
  const ids = [...new Set(orderIds)];
  if (ids.length === 0 || ids.some((id) => !kept[id])) return undefined;
  const answers = await Promise.all(
    ids.map((id) => visitorRead(app, request, config.seller.slug, ticketOrderRead(id, kept[id]!))),
  );
  if (answers.some((answer) => answer === undefined)) return undefined;
  const reads = Object.fromEntries(answers.map((answer) => [answer!.address, answer!.body]));
  const orderProofs = Object.fromEntries(ids.map((id) => [id, kept[id]!]));
  return { reads, visitor: { now: app.deps.now().getTime(), cart: null, orderProofs } };
}

/**
 * What a private page (contracts `PRELOADED_PAGES` marked `private`) is drawn from, or
 * undefined: the page then goes out undrawn and reads for itself, as before.
 */
export function privatePageReads(
  app: FastifyInstance,
  request: FastifyRequest,
  config: SellerConfig,
  page: PreloadedPage,
  below: string,
  search: URLSearchParams,
): Promise<PrivatePageReads | undefined> {
  if (page.name === 'checkout') {
    const routeCartId = below.split('/')[1] || undefined;
    return checkoutReads(app, request, config, routeCartId && decodeURIComponent(routeCartId));
  }
  if (page.name === 'checkout-complete') {
    // as the storefront reads them, so the same addresses
    return completeReads(app, request, config, parseOrderIds(search.get('orderIds')));
  }
  return Promise.resolve(undefined);
}
