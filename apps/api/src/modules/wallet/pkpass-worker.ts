import { parentPort } from 'node:worker_threads';
import { signPkpass, type PkpassInput } from './pkpass-sign';

/** A pass-signing worker (pkpass-pool.ts): one job at a time, answered by its id. */
parentPort!.on('message', ({ id, input }: { id: number; input: PkpassInput }) => {
  try {
    const pass = signPkpass(input);
    parentPort!.postMessage({ id, pass });
  } catch (error) {
    parentPort!.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
