import { eq } from 'drizzle-orm';
import type { Db } from '@/db/connection';
import { seller } from '@/db/schema/identity';

/** The seller's stored config (jsonb), where its address service keys live. */
export async function selectSellerStoredConfig(db: Db, sellerId: string): Promise<unknown> {
  const [row] = await db
    .select({ config: seller.config })
    .from(seller)
    .where(eq(seller.id, sellerId))
    .limit(1);
  return row?.config ?? null;
}
