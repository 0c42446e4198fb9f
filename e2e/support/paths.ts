import { fileURLToPath } from 'node:url';

/** Absolute paths the harness needs; everything is resolved from this file, not from cwd. */
export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
/** the compiled server (`npm run build`, decision 0072), as production runs it */
export const apiEntry = fileURLToPath(new URL('../../apps/api/dist/main.mjs', import.meta.url));
export const buildScript = fileURLToPath(new URL('../../scripts/build.mjs', import.meta.url));
/** the built storefront; E2E_STOREFRONT_DIST points the suite at another build */
export const storefrontDist =
  process.env.E2E_STOREFRONT_DIST ??
  fileURLToPath(new URL('../../apps/storefront/dist', import.meta.url));
/** failure screenshots and the server log (git-ignored) */
export const artifactsDir = fileURLToPath(new URL('../.artifacts', import.meta.url));
