import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { SellerDomainEnvironment } from '@admit/contracts/seller-domains';
import type { AppConfig } from '@/config';
import type { Db } from '@/db/connection';
import { seller, sellerDomain } from '@/db/schema/identity';
import { ttlCache } from '@/lib/ttl-cache';
import { clearWithCatalogue } from './read-scopes';
import { AppError } from './app-error';
import { sellerRefColumns, type SellerRef } from './request-context';

/**
 * Which seller a request's Host picks (issue #26 "Seller domains", decision 0070), read by the
 * caller hook (caller.ts) and the seller config route only:
 * - `domain`  a seller's own host: that seller and no other, `_seller` optional;
 * - `shared`  this server's own names (localhost, 127.0.0.1, [::1], PUBLIC_URL's host):
 *             `_seller` names the seller, as before domains;
 * - `unknown` anything else: `_seller` still names the seller, and without it the request is
 *             refused with the host named.
 */
export type HostSeller =
  | { kind: 'domain'; host: string; seller: SellerRef; environment: SellerDomainEnvironment }
  | { kind: 'shared'; host: string }
  | { kind: 'unknown'; host: string };

/**
 * The host a request was sent to, lower case and without its port. Fastify's `hostname` reads
 * X-Forwarded-Host only through the proxies TRUST_PROXY trusts (app.ts), so a client cannot
 * pick a seller's domain past a proxy that is not trusted.
 */
export const requestHost = (request: FastifyRequest): string =>
  (request.hostname ?? '').toLowerCase();

/**
 * The origin of a request made to a seller's domain (decision 0071): the scheme it came by
 * (X-Forwarded-Proto through a trusted proxy only), the domain and the port it named. The host
 * is one the seller file lists, never any name a client sends; a port is digits or nothing.
 */
export function domainOriginOf(
  request: FastifyRequest,
  host: Extract<HostSeller, { kind: 'domain' }>,
): string {
  const port = /:(\d{1,5})$/.exec(request.host ?? '')?.[1];
  return `${request.protocol}://${host.host}${port ? `:${port}` : ''}`;
}

/** This server's own host names: `_seller` chooses the seller on them. */
export function sharedHosts(config: Pick<AppConfig, 'PUBLIC_URL'>): ReadonlySet<string> {
  const hosts = new Set(['localhost', '127.0.0.1', '[::1]']);
  if (config.PUBLIC_URL) hosts.add(new URL(config.PUBLIC_URL).hostname.toLowerCase());
  return hosts;
}

const NOT_A_DOMAIN = Symbol('not a seller domain');

/**
 * The request → HostSeller reading of one app: a seller domain's row is reused for `cacheMs`
 * (SELLER_CACHE_MS, 0 in tests); a host that is no domain is not remembered, so a domain an
 * import adds a moment ago answers at once and unknown hosts cannot fill the cache.
 */
export function hostSellerReader(
  db: Db,
  config: Pick<AppConfig, 'PUBLIC_URL' | 'SELLER_CACHE_MS'>,
): (request: FastifyRequest) => Promise<HostSeller> {
  const shared = sharedHosts(config);
  const domains = ttlCache<Extract<HostSeller, { kind: 'domain' }>>(config.SELLER_CACHE_MS);
  // an import changes a seller's domains: cleared on every node (decision 0097)
  clearWithCatalogue(db, domains);
  const loadDomain = async (host: string) => {
    const [row] = await db
      .select({ ...sellerRefColumns, environment: sellerDomain.environment })
      .from(sellerDomain)
      .innerJoin(seller, eq(seller.id, sellerDomain.sellerId))
      .where(eq(sellerDomain.host, host))
      .limit(1);
    if (!row) throw NOT_A_DOMAIN;
    const { environment, ...sellerRef } = row;
    return {
      kind: 'domain' as const,
      host,
      seller: sellerRef,
      environment: environment as SellerDomainEnvironment,
    };
  };
  return async (request) => {
    const host = requestHost(request);
    if (shared.has(host)) return { kind: 'shared', host };
    try {
      return await domains.get(host, () => loadDomain(host));
    } catch (error) {
      if (error === NOT_A_DOMAIN) return { kind: 'unknown', host };
      throw error;
    }
  };
}

/**
 * The slug of the seller a request is for, from its host and the slug it names (`named`,
 * undefined when it names none; `missing` is the route's refusal of that on a shared host).
 */
export function sellerSlugFor(
  host: HostSeller,
  named: string | undefined,
  missing: () => Error,
): string {
  if (host.kind === 'domain') {
    // a seller's domain never serves another seller
    if (named !== undefined && named !== host.seller.slug) throw otherSellersDomain(host);
    return host.seller.slug;
  }
  if (named !== undefined) return named;
  if (host.kind === 'unknown') throw unknownHost(host.host);
  throw missing();
}

const otherSellersDomain = (host: Extract<HostSeller, { kind: 'domain' }>) =>
  new AppError(
    'seller_not_found',
    'seller',
    `${host.host} serves ${host.seller.name} only: leave out _seller or use the other seller's domain`,
    { field: '_seller', host: host.host },
  );

const unknownHost = (host: string) =>
  new AppError(
    'seller_not_found',
    'seller',
    `No seller answers on ${host.slice(0, 253)}: name the seller with _seller, or use its domain`,
    { field: '_seller', host: host.slice(0, 253) },
  );
