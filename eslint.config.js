// @ts-check
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'eslint/config';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';
import globals from 'globals';
import noModuleCycle from './tools/eslint/no-module-cycle.cjs';

const repoRoot = fileURLToPath(new URL('.', import.meta.url));
const importResolver = fileURLToPath(
  new URL('./tools/eslint-import-resolver.cjs', import.meta.url),
);

// ── Storefront layers (issue #11, part 4) ──────────────────────────────────────────────────
// Imports point down: app → features → ui | api → stores → config → contracts.
//  - `ui/` (presentational) reads seller config from the `config/` context or takes props; it
//    imports neither `api/` nor `stores/`.
//  - `api/` (the client and the fetchers more than one feature uses) may keep what it fetched
//    in `stores/` (the cart id and expiry after a cart call); it never imports `ui/`.
//  - `stores/` (client-side state: cart, member, order secrets, persisted state) sits below
//    `api/`: it needs no network, only the seller slug from `config/`.
//  - `config/` (the seller slug and the seller-config context) imports only contracts.
// Nothing in these layers imports a feature or the app shell (rule in `storefrontLayerRules`).
/** Storefront layers below `api/`; listed before the catch-all `storefront` element. */
const storefrontLowerElements = [
  { type: 'storefront-stores', mode: 'full', pattern: 'apps/storefront/src/stores/**' },
  { type: 'storefront-config', mode: 'full', pattern: 'apps/storefront/src/config/**' },
];

/** The storefront's shared layers: everything below features. */
const storefrontSharedTypes = [
  'storefront-ui',
  'storefront-api',
  'storefront-stores',
  'storefront-config',
];

const storefrontLayerRules = [
  // nothing below features imports a feature or the app shell
  { from: storefrontSharedTypes, disallow: ['storefront-feature', 'storefront-app'] },
  // a feature never reaches into the app shell or another feature
  {
    from: ['storefront-feature'],
    disallow: ['storefront-app', ['storefront-feature', { feature: '!${from.feature}' }]],
  },
  // ui takes seller config from the config context or props, data as props
  { from: ['storefront-ui'], disallow: ['storefront-api', 'storefront-stores'] },
  { from: ['storefront-api'], disallow: ['storefront-ui'] },
  { from: ['storefront-stores'], disallow: ['storefront-api', 'storefront-ui'] },
  {
    from: ['storefront-config'],
    disallow: ['storefront-api', 'storefront-stores', 'storefront-ui'],
  },
];
// ── end of the storefront layers ───────────────────────────────────────────────────────────

/**
 * Architectural elements, first match wins (STYLE "feature folders, one-way imports":
 * shared code → features → app). Patterns are relative to the repository root.
 */
const elements = [
  { type: 'contracts', mode: 'full', pattern: 'packages/contracts/**' },
  // API layers (docs/ARCHITECTURE.md "Layers"): lib and db at the bottom, http above them,
  // modules above http, the demo seed beside the entry points that alone may load it
  { type: 'api-lib', mode: 'full', pattern: 'apps/api/src/lib/**' },
  { type: 'api-db', mode: 'full', pattern: 'apps/api/src/db/**' },
  { type: 'api-http', mode: 'full', pattern: 'apps/api/src/http/**' },
  {
    type: 'api-module',
    mode: 'full',
    pattern: 'apps/api/src/modules/*/**',
    capture: ['module'],
  },
  { type: 'api-demo', mode: 'full', pattern: 'apps/api/src/demo/**' },
  // the seller's command line (`npm run seller -- …`): an entry point like main.ts
  { type: 'api-cli', mode: 'full', pattern: 'apps/api/src/cli/**' },
  // app.ts, main.ts, config, jobs, testing: the rest of the API
  { type: 'api', mode: 'full', pattern: 'apps/api/**' },
  { type: 'storefront-app', mode: 'full', pattern: 'apps/storefront/src/app/**' },
  {
    type: 'storefront-feature',
    mode: 'full',
    pattern: 'apps/storefront/src/features/*/**',
    capture: ['feature'],
  },
  { type: 'storefront-ui', mode: 'full', pattern: 'apps/storefront/src/ui/**' },
  { type: 'storefront-api', mode: 'full', pattern: 'apps/storefront/src/api/**' },
  ...storefrontLowerElements,
  // main.tsx, testing/, lib/, config files: the rest of the storefront
  { type: 'storefront', mode: 'full', pattern: 'apps/storefront/**' },
  { type: 'tooling', mode: 'full', pattern: '{e2e,bench,tools}/**' },
];

const apiTypes = ['api-lib', 'api-db', 'api-http', 'api-module', 'api-demo', 'api-cli', 'api'];

const storefrontTypes = [
  'storefront-app',
  'storefront-feature',
  ...storefrontSharedTypes,
  'storefront',
];

export default defineConfig(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-ssr/**',
      '**/data/**',
      '**/coverage/**',
      'apps/api/src/db/migrations/**',
      'e2e/.artifacts/**',
      'bench/.tmp/**',
      // a throwaway measurement, never product code (decision 0053)
      'bench/ssr-trial/**',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { prefer: 'type-imports', fixStyle: 'inline-type-imports' },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
  {
    // type-aware rules (issue #23 "Guard-rails"): a promise nobody awaits, such as a forgotten
    // `await` in a payment path, fails lint. Each TypeScript file is checked with the
    // tsconfig of its own workspace (the project service finds it); the root
    // vitest.config.ts belongs to no workspace, so it gets a default project.
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts'] },
        tsconfigRootDir: repoRoot,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['apps/storefront/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    ...reactHooks.configs['recommended-latest'],
  },
  {
    // test code stays out of production (issue #23 "Guard-rails"): a test kit (`*-test-kit.ts`,
    // `*.test-kit.ts`) or anything under a `testing/` folder is imported only by tests, other
    // test kits and the test set-up, never by a file that ships
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/*{-,.}test-kit.{ts,tsx}', '**/testing/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)testing(/|$)|[-.]test-kit(\\.[jt]sx?)?$',
              message: 'test code (a test kit or testing/) is imported only by tests',
            },
          ],
        },
      ],
    },
  },
  {
    // no module-level import cycle between API modules (STYLE "Shared code sits below its users")
    files: ['apps/api/src/modules/**/*.{ts,tsx}'],
    plugins: { admit: { rules: { 'no-module-cycle': noModuleCycle } } },
    rules: { 'admit/no-module-cycle': 'error' },
  },
  {
    // the boundary rule (STYLE "Enforce it with a lint rule, not a promise")
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    plugins: { boundaries },
    settings: {
      'boundaries/root-path': repoRoot,
      'boundaries/elements': elements,
      // the default checks only `import`; re-exports and lazy routes cross boundaries too
      'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import', 'require'],
      'import/resolver': { [importResolver]: {} },
    },
    rules: {
      'boundaries/element-types': [
        'error',
        {
          default: 'allow',
          message: '${file.type} must not import ${dependency.type} (architectural boundary)',
          rules: [
            // apps never import each other; contracts are the only shared code
            { from: apiTypes, disallow: storefrontTypes },
            { from: storefrontTypes, disallow: apiTypes },
            { from: ['contracts'], disallow: [...apiTypes, ...storefrontTypes, 'tooling'] },
            // API layers point down: lib knows nothing else of the API; db knows no module,
            // no request and no seed; http is below every module; no module loads the seed
            { from: ['api-lib'], disallow: apiTypes.filter((t) => t !== 'api-lib') },
            { from: ['api-db'], disallow: ['api-http', 'api-module', 'api-demo', 'api'] },
            { from: ['api-http'], disallow: ['api-module', 'api-demo'] },
            { from: ['api-module'], disallow: ['api-demo'] },
            // the CLI is an entry point: it composes modules, nothing of the API imports it
            {
              from: ['api-lib', 'api-db', 'api-http', 'api-module', 'api-demo', 'api'],
              disallow: ['api-cli'],
            },
            // shared storefront layers stay below features and the app shell
            ...storefrontLayerRules,
          ],
        },
      ],
    },
  },
);
