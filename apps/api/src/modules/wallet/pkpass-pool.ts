import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { PkpassInput } from './pkpass-sign';

/**
 * Apple Wallet passes are signed off the event loop (issue 22, hostile finding 7: 40 passes at
 * once stalled `/health` for 2.6 s). A fixed pool of worker threads — one fewer than the cores,
 * at most 2, at least 1, so the event loop keeps a core — takes jobs from one FIFO queue.
 * Hand-made (about 60 lines) rather than piscina: one job kind, no options to learn, and no
 * new dependency; workers start on the first pass and are unref'd, so they never keep a
 * process alive.
 */

interface Job {
  id: number;
  input: PkpassInput;
  resolve: (pass: Buffer) => void;
  reject: (error: Error) => void;
}

type Answer = { id: number; pass: Uint8Array } | { id: number; error: string };

const SIZE = Math.max(1, Math.min(2, availableParallelism() - 1));
const BOOT = new URL('./pkpass-worker-boot.mjs', import.meta.url);

const idle: Worker[] = [];
const running = new Map<Worker, Job>();
const queue: Job[] = [];
let started = 0;
let nextId = 0;

function startWorker() {
  const worker = new Worker(BOOT);
  worker.unref();
  worker.on('message', (answer: Answer) => {
    const job = running.get(worker);
    running.delete(worker);
    if (job) {
      if ('error' in answer) job.reject(new Error(answer.error));
      else
        job.resolve(
          Buffer.from(answer.pass.buffer, answer.pass.byteOffset, answer.pass.byteLength),
        );
    }
    idle.push(worker);
    dispatch();
  });
  worker.on('error', (error) => {
    // a worker that died fails its job; a new one replaces it on the next dispatch
    running.get(worker)?.reject(error);
    running.delete(worker);
    started--;
    dispatch();
  });
  started++;
  idle.push(worker);
}

function dispatch() {
  while (queue.length > 0) {
    if (idle.length === 0 && started < SIZE) startWorker();
    const worker = idle.pop();
    if (!worker) return;
    const job = queue.shift()!;
    running.set(worker, job);
    worker.postMessage({ id: job.id, input: job.input });
  }
}

/** Signs a pass in the pool; the event loop only waits. */
export function signPkpassInPool(input: PkpassInput): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    queue.push({ id: nextId++, input, resolve, reject });
    dispatch();
  });
}
