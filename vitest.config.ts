import { defineConfig } from 'vitest/config';

/** Unit, API, storefront, tooling and bench-driver tests; e2e runs separately on a built server. */
export default defineConfig({
  test: {
    projects: ['packages/contracts', 'apps/api', 'apps/storefront', 'tools', 'bench'],
  },
});
