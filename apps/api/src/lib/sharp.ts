import type sharpModule from 'sharp';
import { loadOnce } from './load-once';

export type Sharp = typeof sharpModule;

/**
 * sharp (libvips, some 20 MB resident) on the first picture that needs it, not at start-up:
 * a server whose variants are all stored never encodes one. libvips' own cache of decoded
 * sources is off: the images module keeps its outputs in a bounded cache of its own
 * (resize-cache.ts), and libvips' cache held up to 50 MB more for nothing (decision 0072).
 */
export const loadSharp = loadOnce<Sharp>(async () => {
  const { default: sharp } = await import('sharp');
  sharp.cache(false);
  // one libvips thread per image, as sharp itself picks on glibc's malloc: under jemalloc
  // (decision 0112) it would take every core, which the requests beside it need
  sharp.concurrency(1);
  return sharp;
});
