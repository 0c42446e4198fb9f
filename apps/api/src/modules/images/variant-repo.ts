import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '@/db/connection';
import { image, imageVariant } from '@/db/schema/catalog';
import type { ImageRecord } from './repo';
import type { ImageOutput, ImageSize } from './resize';

/** A request as the variant table keys it: 0 for a side not given, '' for the image's format. */
export function variantKeyOf(size: ImageSize) {
  return { width: size.width ?? 0, height: size.height ?? 0, format: size.format ?? '' };
}

const outputColumns = {
  contentType: imageVariant.contentType,
  width: imageVariant.width,
  height: imageVariant.height,
  etag: imageVariant.etag,
  bytes: imageVariant.bytes,
};

/** The stored variant of this version of the image for `size`, if one was kept. */
export async function findStoredVariant(
  db: Db,
  record: Pick<ImageRecord, 'id' | 'contentHash'>,
  size: ImageSize,
): Promise<ImageOutput | undefined> {
  const key = variantKeyOf(size);
  const [row] = await db
    .select(outputColumns)
    .from(imageVariant)
    .where(
      and(
        eq(imageVariant.imageId, record.id),
        eq(imageVariant.sourceHash, record.contentHash),
        eq(imageVariant.requestedWidth, key.width),
        eq(imageVariant.requestedHeight, key.height),
        eq(imageVariant.requestedFormat, key.format),
      ),
    )
    .limit(1);
  return row && { ...row, bytes: Buffer.from(row.bytes, 'base64') };
}

/**
 * Keeps `output` as the variant of this version of the image for `size` and returns what is
 * stored: the unique key lets one of two processes encoding the same variant at once win, and
 * the other answers with the winner's bytes, so every visitor sees one ETag. Nothing is kept for
 * a version that is no longer the image's (replaced meanwhile), nor beyond `limit` variants of
 * one version (a crawler asking for every width must not fill the database; the warming job's
 * standard sizes pass no limit). Keeping a variant drops those of the image's older versions.
 */
export async function storeVariant(
  db: Db,
  source: Pick<ImageRecord, 'id' | 'contentHash'>,
  size: ImageSize,
  output: ImageOutput,
  limit: number | null,
): Promise<ImageOutput> {
  const key = variantKeyOf(size);
  const v = imageVariant;
  const result = await db.execute(sql`
    INSERT INTO ${v} (image_id, source_hash, requested_width, requested_height, requested_format,
      content_type, width, height, etag, bytes_base64)
    SELECT ${source.id}::uuid, ${source.contentHash}::text, ${key.width}::int, ${key.height}::int,
      ${key.format}::text, ${output.contentType}::text, ${output.width}::int, ${output.height}::int,
      ${output.etag}::text, ${output.bytes.toString('base64')}::text
    WHERE EXISTS (
        SELECT 1 FROM ${image} WHERE ${image.id} = ${source.id} AND ${image.contentHash} = ${source.contentHash})
      AND (${limit}::int IS NULL OR (
        SELECT count(*) FROM ${v} WHERE ${v.imageId} = ${source.id} AND ${v.sourceHash} = ${source.contentHash}
      ) < ${limit}::int)
    ON CONFLICT (image_id, source_hash, requested_width, requested_height, requested_format)
      DO NOTHING
    RETURNING id`);
  if (result.rows.length > 0) {
    await db.delete(v).where(and(eq(v.imageId, source.id), ne(v.sourceHash, source.contentHash)));
    return output;
  }
  // another process stored it first (keep its bytes), or nothing was kept (answer our own)
  return (await findStoredVariant(db, source, size)) ?? output;
}
