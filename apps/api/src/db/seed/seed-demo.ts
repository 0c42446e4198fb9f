import { sql } from 'drizzle-orm';
import type { Db } from '@/db/connection';
import { seller } from '@/db/schema';
import { demoMuseum } from './demo-museum';
import type { DemoSeller } from './demo-types';
import { harbourAquarium } from './harbour-aquarium';
import { renderSellerImages, writeDemoSeller } from './write-seller';

/** Arbitrary constant naming the seed's advisory lock. */
const SEED_LOCK_KEY = 7_316_001;

export const DEMO_SELLERS: DemoSeller[] = [demoMuseum, harbourAquarium];

export interface SeedOptions {
  /** the clock: session dates are laid out from the venue's local day of `now` */
  now: Date;
}

/**
 * Seeds the demo sellers and their catalogue, only into a database without sellers, so it is
 * safe to call on every start. Everything is deterministic (ids included) except dates, which
 * are relative to `now`. Returns whether anything was written.
 */
export async function seedDemo(db: Db, { now }: SeedOptions): Promise<{ seeded: boolean }> {
  const hasSellers = async (reader: Pick<Db, 'select'>) =>
    (await reader.select({ id: seller.id }).from(seller).limit(1)).length > 0;
  if (await hasSellers(db)) return { seeded: false };
  const images = await Promise.all(DEMO_SELLERS.map(renderSellerImages));
  return db.transaction(async (tx) => {
    // two servers starting on one empty database: the lock makes the second wait, then see sellers
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    if (await hasSellers(tx)) return { seeded: false };
    for (const [i, demo] of DEMO_SELLERS.entries())
      await writeDemoSeller(tx, demo, now, images[i]!);
    return { seeded: true };
  });
}
