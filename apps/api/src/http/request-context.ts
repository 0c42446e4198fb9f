import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { seller } from '@/db/schema/identity';
import { AppError } from './app-error';

/** The seller a request is for, resolved from `_seller`. */
export interface SellerRef {
  id: string;
  slug: string;
  name: string;
  currency: string;
  timezone: string;
}

/** Who is asking: a logged-in identity, or the seller's shared public identity (guests). */
export interface RequestIdentity {
  id: string;
  sellerId: string;
  isPublic: boolean;
  /** holds a current membership (members-only events and groups, shopping §6) */
  isMember: boolean;
  /** when the session ends unless renewed by use; null for the public identity */
  expiresAt: Date | null;
}

/**
 * Identity resolution is implemented by the sessions module and reached through this
 * decoration, so shared HTTP code does not import a feature module.
 */
export interface IdentityResolver {
  /** the identity of a valid session cookie for this seller, else the public identity */
  forRequest(request: FastifyRequest, seller: SellerRef): Promise<RequestIdentity>;
  /** the seller's public identity (what cached reads always see) */
  publicIdentity(seller: SellerRef): Promise<RequestIdentity>;
}

declare module 'fastify' {
  interface FastifyInstance {
    identities: IdentityResolver;
  }
}

// slugs are short and plain; anything else cannot name a seller and need not reach the database
const SLUG_RE = /^[A-Za-z0-9_-]{1,100}$/;

/** Looks up `_seller`; an unknown slug is a 404 `seller_not_found`. */
export async function resolveSeller(app: FastifyInstance, slug: string): Promise<SellerRef> {
  const notFound = () =>
    new AppError('seller_not_found', 'seller', 'Seller not found', { field: '_seller' });
  if (!SLUG_RE.test(slug)) throw notFound();
  const [row] = await app.deps.database.db
    .select({
      id: seller.id,
      slug: seller.slug,
      name: seller.name,
      currency: seller.currency,
      timezone: seller.timezone,
    })
    .from(seller)
    .where(eq(seller.slug, slug))
    .limit(1);
  if (!row) throw notFound();
  return row;
}
