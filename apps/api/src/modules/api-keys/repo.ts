import { and, asc, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '@/db/connection';
import { seller } from '@/db/schema/identity';
import { sellerApiKey, type SellerApiKeyRow } from '@/db/schema/seller-api';
import { sellerRefColumns } from '@/http/request-context';

/** The SQL of seller API keys (decision 0042). */

export async function insertApiKey(
  db: Pick<Db, 'insert'>,
  values: { sellerId: string; name: string; prefix: string; keyHash: string; createdAt: Date },
): Promise<SellerApiKeyRow> {
  const [row] = await db.insert(sellerApiKey).values(values).returning();
  return row!;
}

/** The seller's keys, oldest first, revoked ones included (they are part of the record). */
export function selectApiKeys(db: Db, sellerId: string): Promise<SellerApiKeyRow[]> {
  return db
    .select()
    .from(sellerApiKey)
    .where(eq(sellerApiKey.sellerId, sellerId))
    .orderBy(asc(sellerApiKey.createdAt), asc(sellerApiKey.id));
}

/** Revokes one key of the seller; answers it, or null when the seller has no such key. */
export async function revokeApiKeyRow(
  db: Pick<Db, 'select' | 'update'>,
  sellerId: string,
  id: string,
  now: Date,
): Promise<SellerApiKeyRow | null> {
  const [row] = await db
    .update(sellerApiKey)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sellerApiKey.id, id),
        eq(sellerApiKey.sellerId, sellerId),
        isNull(sellerApiKey.revokedAt),
      ),
    )
    .returning();
  if (row) return row;
  // already revoked: the same answer, the first revocation's time kept
  const [kept] = await db
    .select()
    .from(sellerApiKey)
    .where(and(eq(sellerApiKey.id, id), eq(sellerApiKey.sellerId, sellerId)));
  return kept ?? null;
}

/** The live key with this hash and its seller. */
export async function selectLiveKeyByHash(db: Db, keyHash: string) {
  const [row] = await db
    .select({ key: sellerApiKey, seller: sellerRefColumns })
    .from(sellerApiKey)
    .innerJoin(seller, eq(seller.id, sellerApiKey.sellerId))
    .where(and(eq(sellerApiKey.keyHash, keyHash), isNull(sellerApiKey.revokedAt)))
    .limit(1);
  return row ?? null;
}

/** Notes a key's use; a key used again within `quietMs` is not written again. */
export async function touchApiKey(db: Db, id: string, now: Date, quietMs: number) {
  await db
    .update(sellerApiKey)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(sellerApiKey.id, id),
        or(
          isNull(sellerApiKey.lastUsedAt),
          lt(sellerApiKey.lastUsedAt, new Date(now.getTime() - quietMs)),
        ),
      ),
    );
}

export async function selectApiKey(db: Db, id: string): Promise<SellerApiKeyRow | null> {
  const [row] = await db.select().from(sellerApiKey).where(eq(sellerApiKey.id, id)).limit(1);
  return row ?? null;
}
