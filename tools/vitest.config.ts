import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'tools',
    environment: 'node',
    include: ['**/*.test.ts'],
    env: { TZ: 'UTC' },
    // the first lint of a run loads the TypeScript parser and every plugin
    testTimeout: 30_000,
  },
});
