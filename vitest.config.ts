import { defineConfig } from 'vitest/config';

/** Unit, API and storefront tests; the e2e suite runs separately against a built server. */
export default defineConfig({
  test: {
    projects: ['packages/contracts', 'apps/api', 'apps/storefront', 'tools'],
  },
});
