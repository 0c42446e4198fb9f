import fp from 'fastify-plugin';
import type { Db } from '@/db/connection';
import { enforceRequestLimits } from '@/modules/limits/request-limits';
import { findSellerImage, type ImageRecord } from './repo';
import type { ImageSize } from './resize';
import { ImageVariants } from './service';

interface ImageServiceOptions {
  db: Db;
  now: () => Date;
  /** encodes each client address may start a minute; 0: unlimited */
  encodeLimit: number;
}

/** Seller images and their variants, each encoded once and kept (decision 0033). */
export function createImageService({ db, now, encodeLimit }: ImageServiceOptions) {
  const variants = new ImageVariants(db);
  /**
   * An encode costs up to a second of a core: each client address may start `encodeLimit` a
   * minute (decision 0046); what is kept is served without counting.
   */
  const countEncode = (ip: string) => () =>
    enforceRequestLimits(
      db,
      'image',
      [{ key: `image_encode:address:${ip}`, max: encodeLimit, windowMs: 60_000 }],
      now(),
      'Too many new image sizes. Please try again in a minute.',
    );
  return {
    /** the image `name` of the seller `sellerSlug` (without its bytes), or undefined */
    find: (sellerSlug: string, name: string) => findSellerImage(db, sellerSlug, name),
    /** the variant, encoded and kept if need be (counted against the client's encodes) */
    answer: (record: ImageRecord, size: ImageSize, clientIp: string) =>
      variants.answer(record, size, encodeLimit > 0 ? countEncode(clientIp) : undefined),
    /** the variant only if nothing has to be encoded (`Cache-Control: only-if-cached`) */
    answerIfStored: (record: ImageRecord, size: ImageSize) => variants.answerIfStored(record, size),
  };
}

export type ImageService = ReturnType<typeof createImageService>;

declare module 'fastify' {
  interface FastifyInstance {
    /** seller images and their resized, converted variants */
    images: ImageService;
  }
}

/** Builds the image service (and its in-process variant cache) once: `app.images`. */
export const imagesService = fp(
  async (app) => {
    const { database, now, config } = app.deps;
    app.decorate(
      'images',
      createImageService({ db: database.db, now, encodeLimit: config.IMAGE_ENCODE_LIMIT }),
    );
  },
  { name: 'images-service' },
);
