import { defineProject } from 'vitest/config';
import { fileURLToPath } from 'node:url';

export default defineProject({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    name: 'api',
    environment: 'node',
    include: ['src/**/*.test.{ts,tsx}'],
    // the cluster test runs on its own after e2e (vitest.cluster.config.ts, `npm run test:cluster`)
    exclude: ['src/cluster.test.ts', 'src/cluster-replica.test.ts', '**/node_modules/**'],
    // migrates PGlite once and hands each test file a dump to load (src/testing/)
    globalSetup: ['src/testing/global-setup.ts'],
    env: { TZ: 'UTC' },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
