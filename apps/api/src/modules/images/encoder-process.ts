import { fork, type ChildProcess } from 'node:child_process';
import type { StoredImage } from './repo';
import type { ImageOutput, ImageSize } from './resize';

/** What the server sends the encoder: one image's bytes and the size wanted of it. */
export interface EncodeJob {
  id: number;
  source: Omit<StoredImage, 'bytes'> & { bytes: Uint8Array };
  size: ImageSize;
}

/** The encoder's answer to the job `id`. */
export type EncodeAnswer =
  | { id: number; output: Omit<ImageOutput, 'bytes'> & { bytes: Uint8Array } }
  | { id: number; error: string };

/** Encodes variants somewhere (`resizeImage` in this process, or a child process). */
export interface VariantEncoder {
  encode(source: StoredImage, size: ImageSize): Promise<ImageOutput>;
  /** lets go of what encoding holds (the child process); the next encode starts it again */
  release(): Promise<void>;
}

/** The encoder's entry: image-encoder-boot.mjs in the source, the compiled one in dist/. */
const ENTRY = new URL('./image-encoder-boot.mjs', import.meta.url);

const asBuffer = (bytes: Uint8Array) =>
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
  let current: Encoder | undefined;
  let nextId = 0;
  const encoder = (): Encoder => {
    const started = startEncoder(options.entry ?? ENTRY, () => {
      if (current === started) current = undefined;
    });
    options.onFork?.(started.child);
    return started;
  };
  return {
    encode(source, size) {
      current ??= encoder();
      return current.encode({ id: nextId++, source, size });
    },
    async release() {
      const leaving = current;
      current = undefined;
      await leaving?.end();
    },
  };
}

interface Encoder {
  child: ChildProcess;
  encode(job: EncodeJob): Promise<ImageOutput>;
  end(): Promise<void>;
}

/** One child process and the encodes it owes; `onEnd` once it is gone, whatever the cause. */
function startEncoder(entry: URL, onEnd: () => void): Encoder {
  const pending = new Map<
    number,
    { resolve: (o: ImageOutput) => void; reject: (e: Error) => void }
  >();
  // no `--import tsx` and no inspector flags of the server: the entry registers what it needs
  const child = fork(entry, [], {
    execArgv: [],
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const fail = (id: number, error: Error) => {
    pending.get(id)?.reject(error);
    pending.delete(id);
  };
  // 'error' (it could not start, or a message could not be sent) and 'exit' (it died) both end
  // this child: its encodes fail, and the next encode forks another
  const end = (error: Error) => {
    onEnd();
    for (const id of [...pending.keys()]) fail(id, error);
  };
  child.on('error', end);
  child.on('exit', (code, signal) =>
    end(new Error(`the image encoder exited (${signal ?? `code ${code}`})`)),
  );
  child.on('message', (answer: EncodeAnswer) => {
    const job = pending.get(answer.id);
    if (!job) return;
    pending.delete(answer.id);
    if ('error' in answer) job.reject(new Error(answer.error));
    else job.resolve({ ...answer.output, bytes: asBuffer(answer.output.bytes) });
  });
  // it never keeps the server alive: the warming job and graceful stop end it themselves
  child.unref();
  child.channel?.unref();
  return {
    child,
    encode(job) {
      return new Promise<ImageOutput>((resolve, reject) => {
        pending.set(job.id, { resolve, reject });
        child.send(job, (error) => {
          if (error) fail(job.id, error);
        });
      });
    },
    async end() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      // closing the channel ends it (image-encoder.ts); SIGKILL if it has not gone within 5 s
      if (child.connected) child.disconnect();
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
