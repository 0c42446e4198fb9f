import { and, eq } from 'drizzle-orm';
import type { Db } from '@/db/connection';
import { image } from '@/db/schema/catalog';
import { seller } from '@/db/schema/identity';

export interface ImageRecord {
  id: string;
  contentType: string;
  width: number;
  height: number;
  /** the version of the bytes (a replaced picture keeps its id, not its hash) */
  contentHash: string;
}

export interface StoredImage extends ImageRecord {
  bytes: Buffer;
}

const recordColumns = {
  id: image.id,
  contentType: image.contentType,
  width: image.width,
  height: image.height,
  contentHash: image.contentHash,
};

/**
 * The image `name` of the seller with `sellerSlug`, without its bytes (a cache hit needs
 * none); undefined when either is unknown.
 */
export async function findSellerImage(
  db: Db,
  sellerSlug: string,
  name: string,
): Promise<ImageRecord | undefined> {
  const [row] = await db
    .select(recordColumns)
    .from(image)
    .innerJoin(seller, eq(seller.id, image.sellerId))
    .where(and(eq(seller.slug, sellerSlug), eq(image.name, name)))
    .limit(1);
  return row;
}

/**
 * The image `id` as it is now, bytes and all, or undefined once it is gone. Its hash is read
 * with its bytes, so what is encoded from them is kept under their own version.
 */
export async function loadImage(db: Db, id: string): Promise<StoredImage | undefined> {
  const [row] = await db
    .select({ ...recordColumns, bytes: image.bytes })
    .from(image)
    .where(eq(image.id, id));
  return row && { ...row, bytes: Buffer.from(row.bytes, 'base64') };
}
