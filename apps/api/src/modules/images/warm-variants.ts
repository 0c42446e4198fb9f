import type { Db } from '@/db/connection';
import type { VariantEncoder } from './encoder-process';
import { resizeImage } from './resize';
import { keepStandardVariant } from './service';
import { findMissingStandardVariants } from './standard-variants';

/**
 * Variants one pass encodes at most, one after another: sharp runs on libuv's pool, never on
 * the event loop, and a pass of a few encodes (about 100–200 ms each for a cover) followed by
 * the job's interval leaves the cores to the visitors' requests.
 */
export const WARM_BATCH = 2;

/**
 * Once a pass finds nothing, the job looks again only every this many ticks (every 30 s at the
 * default interval): new pictures come with an import, and until the job reaches them their
 * first visitor's encode is kept too.
 */
export const IDLE_TICKS = 30;

/** Lets waiting requests in: PGlite runs its statements on this thread. */
const yieldToRequests = () => new Promise((resolve) => setImmediate(resolve));

/**
 * The warming job's pass (decision 0033): encodes up to `WARM_BATCH` missing standard variants
 * of the events' covers and teasers before a visitor asks, so no visitor waits for sharp; it
 * resolves to how many it found, 0 once all exist (then a pass is one indexed query, and an
 * idle job makes it every `IDLE_TICKS` ticks only). A picture sharp cannot read is reported once
 * and skipped until its bytes change (or the process restarts), so it cannot hold the queue.
 * The server encodes with `encoder` in a child process (encoder-process.ts, decision 0078), let
 * go of each time a pass finds nothing; without one, in this process.
 */
export function createVariantWarmer(options: {
  db: Db;
  onError: (err: unknown, imageId: string) => void;
  encoder?: VariantEncoder;
}): () => Promise<number> {
  const encoder = options.encoder ?? { encode: resizeImage, release: async () => {} };
  const skip = new Set<string>();
  let idleTicks = 0;
  return async () => {
    if (idleTicks > 0) {
      idleTicks -= 1;
      return 0;
    }
    const missing = await findMissingStandardVariants(options.db, {
      limit: WARM_BATCH,
      skip: [...skip],
    });
    if (missing.length === 0) {
      idleTicks = IDLE_TICKS - 1;
      // the child's libvips memory leaves with it until there is work again
      await encoder.release();
    }
    for (const variant of missing) {
      const version = `${variant.imageId}:${variant.contentHash}`;
      if (skip.has(version)) continue;
      await yieldToRequests();
      try {
        await keepStandardVariant(options.db, variant.imageId, variant.size, (source, size) =>
          encoder.encode(source, size),
        );
      } catch (err) {
        skip.add(version);
        options.onError(err, variant.imageId);
      }
    }
    return missing.length;
  };
}
