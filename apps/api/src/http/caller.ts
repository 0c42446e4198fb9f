import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { seller } from '@/db/schema/identity';
import { ttlCache } from '@/lib/ttl-cache';
import { clearWithCatalogue } from './read-scopes';
import { AppError, validationFailed } from './app-error';
import { hostSellerReader, sellerSlugFor, type HostSeller } from './seller-host';
import {
  sellerRefColumns,
  type ApiKeyRef,
  type RequestIdentity,
  type SellerRef,
} from './request-context';

/**
 * Who is calling and for which seller, worked out once per request by one hook (decision 0028)
 * and read by every route as `request.caller`. A route declares what it needs in its config:
 *
 *   app.get(path, { config: { caller: 'visitor' } }, handler)
 *
 * - `seller`  the seller (and its public identity) only: the session cookie is not read, so a
 *             login or a mail request does not renew or end a session as a side effect
 * - `visitor` also the identity of the session cookie (the public identity for guests)
 * - `public`  the identity is always the public one (the shareable /cached_api reads)
 * - `seller_api` the seller API (`/admin/api/…`, decision 0042): the seller is the one of the
 *             API key in `Authorization: Bearer …` (401 without a live key); `_seller` is
 *             optional and, when given, must name that seller (else 404 `seller_not_found`).
 *             No session, no identity: `apiKey` says which key called.
 *
 * The seller comes from the request's Host when it is a seller's domain (seller-host.ts,
 * decision 0070; a `_seller` naming another seller is refused there), else from `_seller` in the
 * query, or from a path parameter (`sellerParam`, the Stripe webhook), or from the API key. Routes without a `caller` (health, images, the storefront host, the sandbox
 * gateway) resolve nothing.
 */
export interface Caller {
  seller: SellerRef;
  /** the visitor (`visitor`), or the public identity (`public`); not resolved for `seller` */
  identity: RequestIdentity;
  /** the seller's shared public identity: a guest's carts belong to it */
  publicIdentityId: string;
  /** the seller API key that called (`seller_api` routes only) */
  apiKey?: ApiKeyRef;
}

export type CallerNeed = 'seller' | 'visitor' | 'public' | 'seller_api';

declare module 'fastify' {
  interface FastifyContextConfig {
    caller?: CallerNeed;
    /** the `_context` of a missing `_seller` error (defaults to `request`) */
    callerContext?: string;
    /** take the seller's slug from this path parameter instead of `_seller` */
    sellerParam?: string;
  }
  interface FastifyRequest {
    caller: Caller;
  }
  interface FastifyInstance {
    /** which seller the request's Host picks (seller-host.ts); the caller hook's first step */
    hostSeller: (request: FastifyRequest) => Promise<HostSeller>;
  }
}

// slugs are short and plain; anything else cannot name a seller and need not reach the database
const SLUG_RE = /^[A-Za-z0-9_-]{1,100}$/;
/** Whether a string can be a seller's slug at all (else: that seller is not found). */
export const isSellerSlug = (value: string) => SLUG_RE.test(value);
/** The one reading of `_seller` (spec: shopping §7 "_seller … required everywhere"). */
export const sellerQuerySchema = z.object({ _seller: z.string().min(1) });

const sellerNotFound = () =>
  new AppError('seller_not_found', 'seller', 'Seller not found', { field: '_seller' });

/** The value a route's params or query hold under `key` (the hook runs for typed and untyped routes). */
const ownValue = (from: unknown, key: string): unknown =>
  typeof from === 'object' && from !== null && Object.hasOwn(from, key)
    ? Reflect.get(from, key)
    : undefined;

/** The slug a request names in `_seller` (or its `sellerParam`), undefined when none. */
function namedSlugOf(request: FastifyRequest): string | undefined {
  const config = request.routeOptions.config;
  if (config.sellerParam) {
    return String(ownValue(request.params, config.sellerParam) ?? '');
  }
  const parsed = sellerQuerySchema.safeParse(request.query ?? {});
  return parsed.success ? parsed.data._seller : undefined;
}

/** The slug a request is for: its host's seller, else the one it names, else a 400 naming `_seller`. */
function slugOf(request: FastifyRequest, host: HostSeller): string {
  const context = request.routeOptions.config.callerContext ?? 'request';
  return sellerSlugFor(host, namedSlugOf(request), () =>
    validationFailed(context, '_seller', 'the seller is required'),
  );
}

const guestIdentityOnly = (): never => {
  // a programming error, not a client's: the route forgot to declare `caller: 'visitor'`
  throw new Error("this route's caller has no identity; declare caller: 'visitor' to read it");
};

const notAuthorized = (description: string) =>
  new AppError('not_authorized', 'api_key', description, { header: 'authorization' });

/** The key of `Authorization: Bearer <key>`, or null when the header carries none. */
export function bearerKeyOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer[ ]+(\S{1,200})\s*$/i.exec(header);
  return match ? match[1]! : null;
}

/**
 * Decorates the request with `caller` and resolves it before each handler that asks. It reads
 * `app.identities` (sessions) and `app.apiKeys` (api-keys): Fastify refuses to boot when either
 * is registered after it.
 */
export const callerPlugin = fp(
  async (app) => {
    const db = app.deps.database.db;
    // the seller row rarely changes: reused for SELLER_CACHE_MS (0 in tests); unknown slugs are
    // not remembered, so a seller created a moment ago is found at once
    const sellers = ttlCache<SellerRef>(app.deps.config.SELLER_CACHE_MS);
    // an import of a seller's settings clears it on every node (decision 0097)
    clearWithCatalogue(db, sellers);
    const loadSeller = async (slug: string): Promise<SellerRef> => {
      const [row] = await db
        .select(sellerRefColumns)
        .from(seller)
        .where(eq(seller.slug, slug))
        .limit(1);
      if (!row) throw sellerNotFound();
      return row;
    };

    /** The seller API's caller: the key's seller, and `_seller` (optional) must name it. */
    const sellerApiCaller = async (request: FastifyRequest): Promise<Caller> => {
      const key = bearerKeyOf(request);
      if (!key) throw notAuthorized('An API key is required: Authorization: Bearer <key>');
      const found = await app.apiKeys.authenticate(key, app.deps.now());
      if (!found) throw notAuthorized('The API key is not valid');
      const named = ownValue(request.query, '_seller');
      if (named !== undefined && named !== found.seller.slug) throw sellerNotFound();
      // a seller's domain never serves another seller, whatever key is sent there
      const host = await app.hostSeller(request);
      if (host.kind === 'domain' && host.seller.id !== found.seller.id) throw sellerNotFound();
      const publicIdentity = await app.identities.publicIdentity(found.seller);
      const caller = {
        seller: found.seller,
        publicIdentityId: publicIdentity.id,
        apiKey: found.key,
      } as Caller;
      Object.defineProperty(caller, 'identity', { get: guestIdentityOnly });
      return caller;
    };

    app.decorate('hostSeller', hostSellerReader(db, app.deps.config));
    app.decorateRequest('caller', null as unknown as Caller);
    app.addHook('preHandler', async (request) => {
      const need = request.routeOptions.config?.caller;
      if (!need) return;
      if (need === 'seller_api') {
        request.caller = await sellerApiCaller(request);
        return;
      }
      const host = await app.hostSeller(request);
      const slug = slugOf(request, host);
      if (!isSellerSlug(slug)) throw sellerNotFound();
      const sellerRef =
        host.kind === 'domain' ? host.seller : await sellers.get(slug, () => loadSeller(slug));
      const [publicIdentity, identity] = await Promise.all([
        app.identities.publicIdentity(sellerRef),
        need === 'visitor' ? app.identities.forRequest(request, sellerRef) : null,
      ]);
      const caller = { seller: sellerRef, publicIdentityId: publicIdentity.id } as Caller;
      if (need === 'seller') Object.defineProperty(caller, 'identity', { get: guestIdentityOnly });
      else caller.identity = identity ?? publicIdentity;
      request.caller = caller;
    });
  },
  { name: 'request-caller', dependencies: ['sessions', 'api-keys'] },
);
