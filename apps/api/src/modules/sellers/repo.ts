import { asc, eq } from 'drizzle-orm';
import type { Db } from '@/db/connection';
import { seller, sellerDomain } from '@/db/schema/identity';
import type { SellerRow } from './seller-config';

/** The seller with this slug, or undefined. */
export async function getSellerBySlug(
  db: Pick<Db, 'select'>,
  slug: string,
): Promise<SellerRow | undefined> {
  const [row] = await db.select().from(seller).where(eq(seller.slug, slug)).limit(1);
  return row;
}

/** Slugs of all sellers, oldest first (the host's fallback home when demo-museum is absent). */
export async function listSellerSlugs(db: Db): Promise<string[]> {
  const rows = await db
    .select({ slug: seller.slug })
    .from(seller)
    .orderBy(asc(seller.createdAt), asc(seller.slug));
  return rows.map((r) => r.slug);
}

/** A seller's own domains (decision 0070), by host. */
export async function listSellerDomains(
  db: Db,
  sellerId: string,
): Promise<{ host: string; environment: string }[]> {
  return db
    .select({ host: sellerDomain.host, environment: sellerDomain.environment })
    .from(sellerDomain)
    .where(eq(sellerDomain.sellerId, sellerId))
    .orderBy(asc(sellerDomain.host));
}
