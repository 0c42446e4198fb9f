// The worker's entry: Node 20 does not pass `--import tsx` on to a worker's own module, so the
// worker registers tsx itself before loading the TypeScript worker (pkpass-pool.ts).
import { register } from 'tsx/esm/api';

register();
await import('./pkpass-worker.ts');
