import type { FastifyRequest } from 'fastify';
import { seller } from '@/db/schema/identity';

/** The seller a request is for, resolved from `_seller` by the caller hook (caller.ts). */
export interface SellerRef {
  id: string;
  slug: string;
  name: string;
  currency: string;
  timezone: string;
}

/** The columns of a `SellerRef`, for every read that makes one (the caller hook, settlement). */
export const sellerRefColumns = {
  id: seller.id,
  slug: seller.slug,
  name: seller.name,
  currency: seller.currency,
  timezone: seller.timezone,
};

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

/** The seller API key a request carries (decision 0042): which one, for the record it leaves. */
export interface ApiKeyRef {
  id: string;
  name: string;
  prefix: string;
}

/**
 * Seller API keys are implemented by the api-keys module and reached through this decoration,
 * so the caller hook does not import a module (as with `identities`).
 */
export interface ApiKeyResolver {
  /** the key and its seller when `key` is a live key, else null; notes the key's last use */
  authenticate(key: string, now: Date): Promise<{ key: ApiKeyRef; seller: SellerRef } | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    apiKeys: ApiKeyResolver;
  }
}
