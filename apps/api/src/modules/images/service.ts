import type { Db } from '@/db/connection';
import { loadImage, type ImageRecord, type StoredImage } from './repo';
import { resizeCache } from './resize-cache';
import {
  isOriginal,
  originalOutput,
  planResize,
  resizeImage,
  type ImageOutput,
  type ImageSize,
} from './resize';
import { findStoredVariant, storeVariant } from './variant-repo';

/**
 * Variants a visitor's request may keep in the database per version of an image (the standard
 * sizes are about 14, the warming job keeps those without limit); beyond it a size is encoded
 * for the request and held in memory only.
 */
export const MAX_REQUESTED_VARIANTS = 32;

const cacheKey = (record: ImageRecord, size: ImageSize) =>
  `${record.id}:${record.contentHash}:${size.width ?? ''}x${size.height ?? ''}:${size.format ?? ''}`;

/**
 * The image path's answers (decision 0033): from the process's LRU, else the variant kept in
 * the database, else encoded once with sharp and kept, so a variant is encoded once ever, not
 * once per process and start. Concurrent first requests of one process share one encode; two
 * processes encoding at once keep one row and answer with it.
 */
export class ImageVariants {
  private readonly encoding = new Map<string, Promise<ImageOutput>>();

  constructor(
    private readonly db: Db,
    private readonly cache = resizeCache(),
  ) {}

  /**
   * The answer for `size` of the image `record`, encoding and keeping it if need be;
   * `beforeEncode` runs (and may refuse) only when sharp is about to run.
   */
  async answer(
    record: ImageRecord,
    size: ImageSize,
    beforeEncode?: () => Promise<void>,
  ): Promise<ImageOutput> {
    const key = cacheKey(record, size);
    const cached = this.cache.get(key);
    if (cached) return cached;
    const pending = this.encoding.get(key);
    if (pending) return pending;
    const work = this.produce(record, size, beforeEncode).finally(() => this.encoding.delete(key));
    this.encoding.set(key, work);
    const output = await work;
    this.cache.set(key, output);
    return output;
  }

  /**
   * The answer only if nothing has to be encoded: the original, or a variant kept in the
   * database; read-only (neither encodes nor fills the LRU). Serves `Cache-Control:
   * only-if-cached`, which tells whether the warming job has done its work.
   */
  async answerIfStored(record: ImageRecord, size: ImageSize): Promise<ImageOutput | undefined> {
    if (isOriginal(planResize(record, size))) return this.original(record.id);
    return findStoredVariant(this.db, record, size);
  }

  private async produce(
    record: ImageRecord,
    size: ImageSize,
    beforeEncode?: () => Promise<void>,
  ): Promise<ImageOutput> {
    if (isOriginal(planResize(record, size))) return this.original(record.id);
    const stored = await findStoredVariant(this.db, record, size);
    if (stored) return stored;
    await beforeEncode?.();
    const source = await loadImage(this.db, record.id);
    if (!source) throw new Error(`image ${record.id} vanished`);
    const output = await resizeImage(source, size);
    return storeVariant(this.db, source, size, output, MAX_REQUESTED_VARIANTS);
  }

  private async original(imageId: string): Promise<ImageOutput> {
    const source = await loadImage(this.db, imageId);
    if (!source) throw new Error(`image ${imageId} vanished`);
    return originalOutput(source);
  }
}

/**
 * Encodes `size` of the image's current bytes with `encode` (the warming job's child process,
 * decision 0078) and keeps it without the per-image limit (the warming job's standard sizes);
 * false when the image is gone.
 */
export async function keepStandardVariant(
  db: Db,
  imageId: string,
  size: ImageSize,
  encode: (source: StoredImage, size: ImageSize) => Promise<ImageOutput> = resizeImage,
) {
  const source = await loadImage(db, imageId);
  if (!source) return false;
  await storeVariant(db, source, size, await encode(source, size), null);
  return true;
}
