import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { StoredImage } from './repo';

export interface ImageSize {
  width?: number;
  height?: number;
}

export interface ImageOutput {
  bytes: Buffer;
  contentType: string;
  width: number;
  height: number;
  etag: string;
}

/**
 * Shrink-only resizing (shopping §2: "images are requested … with shrink-only, width and height
 * parameters"): both sides give a cover crop, one side scales proportionally, and nothing is
 * ever enlarged; a request at or above the original size returns the original bytes.
 */
export async function resizeImage(source: StoredImage, size: ImageSize): Promise<ImageOutput> {
  const etagOf = (bytes: Buffer) => `"${createHash('sha1').update(bytes).digest('base64url')}"`;
  const needsResize =
    (size.width !== undefined && size.width < source.width) ||
    (size.height !== undefined && size.height < source.height);
  if (!needsResize) {
    return {
      bytes: source.bytes,
      contentType: source.contentType,
      width: source.width,
      height: source.height,
      etag: etagOf(source.bytes),
    };
  }
  const { data, info } = await sharp(source.bytes)
    .resize(size.width, size.height, { fit: 'cover', withoutEnlargement: true })
    .toBuffer({ resolveWithObject: true });
  return {
    bytes: data,
    contentType: source.contentType,
    width: info.width,
    height: info.height,
    etag: etagOf(data),
  };
}

/**
 * A small least-recently-used cache of resized outputs, bounded by entries and bytes so a
 * crawler asking for many sizes cannot grow the heap without limit.
 */
export class ResizeCache {
  private readonly entries = new Map<string, ImageOutput>();
  private bytes = 0;

  constructor(
    private readonly maxEntries = 256,
    private readonly maxBytes = 32 * 1024 * 1024,
  ) {}

  get size() {
    return this.entries.size;
  }

  get(key: string): ImageOutput | undefined {
    const hit = this.entries.get(key);
    if (hit) {
      // re-insert to mark as most recently used (Map keeps insertion order)
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  set(key: string, value: ImageOutput) {
    if (value.bytes.length > this.maxBytes) return;
    const previous = this.entries.get(key);
    if (previous) {
      this.entries.delete(key);
      this.bytes -= previous.bytes.length;
    }
    this.entries.set(key, value);
    this.bytes += value.bytes.length;
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= entry.bytes.length;
    }
  }
}
