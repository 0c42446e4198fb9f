import { fileURLToPath } from 'node:url';

/** scratch files of a benchmark run (git-ignored) */
export const benchTmpDir = fileURLToPath(new URL('./.tmp', import.meta.url));
export const resultsFile = fileURLToPath(new URL('./RESULTS.md', import.meta.url));
export const memoryServerEntry = fileURLToPath(new URL('./memory-server.ts', import.meta.url));
