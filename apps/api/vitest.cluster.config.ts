import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

/**
 * The cluster test alone (decision 0090): two compiled nodes behind nginx and pgbouncer and a
 * 500-buyer rush. It runs after the e2e suite (`npm run test:cluster`), not among the unit
 * files, so its rush and the single-process concurrency tests never share the two cores.
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    name: 'api-cluster',
    environment: 'node',
    include: ['src/cluster.test.ts', 'src/cluster-replica.test.ts'],
    // each file starts a cluster of its own: one at a time on the two cores
    fileParallelism: false,
    env: { TZ: 'UTC' },
    testTimeout: 30_000,
    hookTimeout: 300_000,
  },
});
