import type { Db } from '@/db/connection';
import type { Executor } from '@/db/transaction';
import type { SellerApiKeyRow } from '@/db/schema/seller-api';
import { AppError, notFound } from '@/http/app-error';
import { isUuid } from '@/http/query-values';
import type { ApiKeyRef, ApiKeyResolver, SellerRef } from '@/http/request-context';
import type { ApiKey } from '@admit/contracts/seller-api';
import { getSellerBySlug } from '@/modules/sellers/repo';
import { apiKeyMatches, apiKeyPrefix, hashApiKey, looksLikeApiKey, newApiKey } from '@/lib/api-key';
import {
  insertApiKey,
  revokeApiKeyRow,
  selectApiKey,
  selectApiKeys,
  selectLiveKeyByHash,
  touchApiKey,
} from './repo';

/** Seller API keys: made, listed and revoked by the CLI; checked by the caller hook (decision 0042). */

const NAME_MAX = 100;
// a key in use is noted at most once a minute: a busy door scanner writes no row per scan
const LAST_USED_QUIET_MS = 60_000;

async function sellerOf(db: Executor, slug: string) {
  const row = await getSellerBySlug(db, slug);
  if (!row) throw new AppError('seller_not_found', 'seller', `No seller with the slug "${slug}"`);
  return row;
}

/**
 * A new key for the seller: the key itself (shown once) and its stored row. `db` may be a
 * transaction (the office audits it in the same one, decision 0089).
 */
export async function createApiKey(db: Executor, slug: string, name: string, now: Date) {
  const trimmed = name.trim();
  if (!trimmed || trimmed.length > NAME_MAX) {
    throw new AppError('validation_failed', 'api_key', `name: 1 to ${NAME_MAX} characters`, {
      field: 'name',
    });
  }
  const owner = await sellerOf(db, slug);
  const key = newApiKey();
  const row = await insertApiKey(db, {
    sellerId: owner.id,
    name: trimmed,
    prefix: apiKeyPrefix(key),
    keyHash: hashApiKey(key),
    createdAt: now,
  });
  return { key, row };
}

export async function listApiKeys(db: Db, slug: string): Promise<SellerApiKeyRow[]> {
  return selectApiKeys(db, (await sellerOf(db, slug)).id);
}

/** Revokes a key of the seller at once (the next request with it is a 401). */
export async function revokeApiKey(db: Executor, slug: string, id: string, now: Date) {
  const owner = await sellerOf(db, slug);
  const row = isUuid(id) ? await revokeApiKeyRow(db, owner.id, id.toLowerCase(), now) : null;
  if (!row) throw notFound('api_key', 'API key');
  return row;
}

/** The caller hook's resolver (`app.apiKeys`). */
export function apiKeyResolver(db: Db): ApiKeyResolver {
  return {
    async authenticate(key, now) {
      if (!looksLikeApiKey(key)) return null;
      const found = await selectLiveKeyByHash(db, hashApiKey(key));
      if (!found || !apiKeyMatches(key, found.key.keyHash)) return null;
      await touchApiKey(db, found.key.id, now, LAST_USED_QUIET_MS);
      return {
        key: { id: found.key.id, name: found.key.name, prefix: found.key.prefix },
        seller: found.seller,
      };
    },
  };
}

/** The calling key as the wire shows it (GET /admin/api/api_key). */
export async function describeApiKey(db: Db, seller: SellerRef, ref: ApiKeyRef): Promise<ApiKey> {
  const row = await selectApiKey(db, ref.id);
  if (!row) throw notFound('api_key', 'API key');
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    seller_slug: seller.slug,
    seller_name: seller.name,
    seller_timezone: seller.timezone,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  };
}
