import type { ChildProcess } from 'node:child_process';
import { childProcessHost } from '@/lib/child-process-host';
import type { StoredImage } from './repo';
import type { ImageOutput, ImageSize } from './resize';

/** What the server sends the encoder: one image's bytes and the size wanted of it. */
export interface EncodeInput {
  source: Omit<StoredImage, 'bytes'> & { bytes: Uint8Array };
  size: ImageSize;
}

/** The encoder's answer: the variant, its bytes as they cross the channel. */
export type EncodedOutput = Omit<ImageOutput, 'bytes'> & { bytes: Uint8Array };

/** Encodes variants somewhere (`resizeImage` in this process, or a child process). */
export interface VariantEncoder {
  encode(source: StoredImage, size: ImageSize): Promise<ImageOutput>;
  /** lets go of what encoding holds (the child process); the next encode starts it again */
  release(): Promise<void>;
}

/** The encoder's entry: image-encoder-boot.mjs in the source, the compiled one in dist/. */
const ENTRY = new URL('./image-encoder-boot.mjs', import.meta.url);

/** Bytes that crossed the channel as a Buffer over the same memory. */
export const asBuffer = (bytes: Uint8Array) =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * Encodes in a short-lived child process (issue 26: sharp and libvips left some 240 MB resident
 * in the server after the warming job's encodes, decision 0078). The child is forked on the
 * first encode and lives until `release()` (the warming job lets go once it finds nothing to
 * do), so the memory leaves with it. A child that dies or cannot start fails the encodes it
 * had (the warming job logs and skips those pictures) and the next encode forks a new one: the
 * server never fails with it. `onFork` is for the tests.
 */
export function childProcessEncoder(
  options: { entry?: URL; onFork?: (child: ChildProcess) => void } = {},
): VariantEncoder {
  const host = childProcessHost<EncodeInput, EncodedOutput>({
    entry: options.entry ?? ENTRY,
    name: 'the image encoder',
    onFork: options.onFork,
  });
  return {
    async encode(source, size) {
      const output = await host.call({ source, size });
      return { ...output, bytes: asBuffer(output.bytes) };
    },
    release: host.release,
  };
}
