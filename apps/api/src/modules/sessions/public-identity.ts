import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/connection';
import { identity } from '@/db/schema/identity';

/**
 * The seller's one public identity, created on first use. Guests act as it (shopping §1 "the
 * cart belongs to the public identity"); the partial unique index makes creation race-safe.
 */
export async function ensurePublicIdentity(db: Db, sellerId: string): Promise<string> {
  const find = () =>
    db
      .select({ id: identity.id })
      .from(identity)
      .where(and(eq(identity.sellerId, sellerId), eq(identity.kind, 'public')))
      .limit(1);
  const [existing] = await find();
  if (existing) return existing.id;
  await db.execute(
    sql`insert into identity (seller_id, kind) values (${sellerId}, 'public')
        on conflict (seller_id) where kind = 'public' do nothing`,
  );
  const [created] = await find();
  if (!created) throw new Error(`public identity of seller ${sellerId} could not be created`);
  return created.id;
}
