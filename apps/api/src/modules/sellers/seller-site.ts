import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { defaultPublicOrigin, type AppConfig } from '@/config';
import type { Db } from '@/db/connection';
import { domainOriginOf } from '@/http/seller-host';
import type { SellerRef } from '@/http/request-context';
import { listSellerDomains } from './repo';
import { readStoredConfig } from './seller-settings';

/**
 * Where a seller's storefront lives on the web (decision 0025): `seller.config.site`, server-only
 * (the public config is parsed through the contract, which has no `site`).
 *
 * - `public_origin`: the origin of the absolute links in the seller's e-mails and redirects
 *   (reset, passcode, order, single sign-on) made off its own domains, and of a job's mails when
 *   it has no production domain (`storefrontRootOf` below); else PUBLIC_URL; else, outside
 *   production, http://localhost:{PORT}. Never a request's Host header, which anyone can set.
 * - `frame_ancestors`: the origins allowed to embed the storefront (CSP `frame-ancestors`);
 *   else only the storefront's own origin.
 */
const originSchema = z
  .string()
  .url()
  .refine((value) => /^https?:\/\/[^/?#]+\/?$/.test(value), 'an origin: scheme://host[:port]');
// an origin, a wildcard subdomain origin, or 'self'; nothing that could end the directive
const ancestorSchema = z
  .string()
  .regex(/^(?:'self'|https?:\/\/(?:\*\.)?[A-Za-z0-9.-]+(?::\d{1,5})?)$/, 'an origin or self');

export const sellerSiteSchema = z.object({
  public_origin: originSchema.optional(),
  frame_ancestors: z.array(ancestorSchema).max(50).optional(),
});
export type SellerSiteSettings = z.infer<typeof sellerSiteSchema>;

const storedSchema = z.object({ site: sellerSiteSchema.optional() }).passthrough();

export interface SellerSite {
  /** origin for absolute links, without a trailing slash */
  publicOrigin: string;
  /** CSP frame-ancestors sources */
  frameAncestors: string[];
}

export const SELF_ONLY = ["'self'"];

/**
 * The site settings of a stored seller config over the server's defaults. A stored value that
 * breaks the schema is a data error and throws (like `buildSellerConfig`).
 */
export function sellerSiteOf(
  storedConfig: unknown,
  config: Pick<AppConfig, 'PUBLIC_URL' | 'PORT'>,
): SellerSite {
  const parsed = storedSchema.safeParse(storedConfig ?? {});
  if (!parsed.success) throw new Error(`invalid seller site config: ${parsed.error.message}`);
  const site = parsed.data.site ?? {};
  return {
    publicOrigin: site.public_origin?.replace(/\/+$/, '') ?? defaultPublicOrigin(config),
    frameAncestors: site.frame_ancestors?.length ? site.frame_ancestors : SELF_ONLY,
  };
}

/** The seller's site settings, read from its row (one small query). */
export async function loadSellerSite(
  db: Db,
  sellerId: string,
  config: Pick<AppConfig, 'PUBLIC_URL' | 'PORT'>,
): Promise<SellerSite> {
  return sellerSiteOf(await readStoredConfig(db, sellerId), config);
}

/** The one answer to "which origin do this seller's links use". */
export async function publicOriginOf(
  db: Db,
  sellerId: string,
  config: Pick<AppConfig, 'PUBLIC_URL' | 'PORT'>,
): Promise<string> {
  return (await loadSellerSite(db, sellerId, config)).publicOrigin;
}

/**
 * The seller's production domain as an origin (`https://{host}`; the first by host when it
 * has several), or undefined: where a link made without a request points (decision 0082).
 */
async function productionOriginOf(db: Db, sellerId: string): Promise<string | undefined> {
  const domains = await listSellerDomains(db, sellerId);
  const production = domains.find((d) => d.environment === 'production');
  return production && `https://${production.host}`;
}

/**
 * The one answer to "where is this seller's storefront" for every absolute link in its mails,
 * wallet passes and payment returns (decisions 0071, 0082): the root URL its pages hang below,
 * without a trailing slash.
 * - A request on one of the seller's own domains: the request's origin (its storefront is that
 *   domain's root).
 * - Any other request (a shared host): the seller's public origin and its slug path, the
 *   storefront the visitor is on (a payment returns there, its cookies are there).
 * - No request (the jobs' mails: renewals, resends, the cancelled renewal): the seller's
 *   production domain when it has one, else the public origin and slug path.
 */
export async function storefrontRootOf(
  db: Db,
  seller: Pick<SellerRef, 'id' | 'slug'>,
  config: Pick<AppConfig, 'PUBLIC_URL' | 'PORT'>,
  request?: FastifyRequest,
): Promise<string> {
  if (request) {
    const host = await request.server.hostSeller(request);
    if (host.kind === 'domain' && host.seller.id === seller.id) {
      return domainOriginOf(request, host);
    }
  } else {
    const domain = await productionOriginOf(db, seller.id);
    if (domain) return domain;
  }
  return `${await publicOriginOf(db, seller.id, config)}/${encodeURIComponent(seller.slug)}`;
}
