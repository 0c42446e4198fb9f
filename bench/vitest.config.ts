import { defineProject } from 'vitest/config';

/** The benches' own parts (the lean HTTP client); the benchmarks themselves never run in tests. */
export default defineProject({
  test: {
    name: 'bench',
    environment: 'node',
    include: ['*.test.ts'],
    env: { TZ: 'UTC' },
  },
});
