import { defineConfig } from 'vitest/config';

/** Browser tests against the real server; run by `npm test -w @admit/e2e` after a build. */
export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['specs/**/*.test.ts'],
    globalSetup: ['./support/global-setup.ts'],
    // one server, one browser at a time: files share the server and must not race each other
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
    teardownTimeout: 30_000,
    env: { TZ: 'UTC' },
  },
});
