import { and, eq } from 'drizzle-orm';
import type { Db } from '@/db/connection';
import { image } from '@/db/schema/catalog';
import { seller } from '@/db/schema/identity';

export interface ImageRecord {
  id: string;
  contentType: string;
  width: number;
  height: number;
  createdAt: Date;
}

export interface StoredImage extends ImageRecord {
  bytes: Buffer;
}

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
    .select({
      id: image.id,
      contentType: image.contentType,
      width: image.width,
      height: image.height,
      createdAt: image.createdAt,
    })
    .from(image)
    .innerJoin(seller, eq(seller.id, image.sellerId))
    .where(and(eq(seller.slug, sellerSlug), eq(image.name, name)))
    .limit(1);
  return row;
}

export async function loadImageBytes(db: Db, record: ImageRecord): Promise<StoredImage> {
  const [row] = await db.select({ bytes: image.bytes }).from(image).where(eq(image.id, record.id));
  if (!row) throw new Error(`image ${record.id} vanished`);
  return { ...record, bytes: Buffer.from(row.bytes, 'base64') };
}
