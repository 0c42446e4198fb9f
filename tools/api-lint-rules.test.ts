import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// Proves the API's import rules (eslint.config.js, docs/ARCHITECTURE.md "Layers"): no two
// modules import each other, layers point down, only the entry points load the demo seed.
// Snippets are linted in memory at module paths; the module graph of the other files is the
// one on disk, so each cycle below is closed by an edge the code really has (noted beside it).

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const CYCLE = 'admit/no-module-cycle';
const BOUNDARY = 'boundaries/element-types';

let eslint: ESLint;
beforeAll(() => {
  // the import rules need no type information, and the snippets' paths belong to no tsconfig
  eslint = new ESLint({ cwd: repoRoot, overrideConfig: tseslint.configs.disableTypeChecked });
});

async function messages(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: `${repoRoot}${filePath}` });
  if (!result) throw new Error('ESLint returned no result');
  return result.messages;
}

const ruleIds = async (filePath: string, code: string) =>
  (await messages(filePath, code)).map((m) => m.ruleId);

/** A file that uses what it imports, so only the import itself can be at fault. */
const importing = (source: string) =>
  `import { thing } from '${source}';\nexport const used = thing;\n`;

describe('API modules never import each other', () => {
  const cycles: [string, string, string][] = [
    // cart/bundle.ts imports pricing/totals
    ['pricing → cart (alias)', 'apps/api/src/modules/pricing/new-rule.ts', '@/modules/cart/bundle'],
    ['pricing → cart (relative)', 'apps/api/src/modules/pricing/new-rule.ts', '../cart/bundle'],
    // cart/bundle.ts imports codes/apply
    ['codes → cart', 'apps/api/src/modules/codes/new-rule.ts', '@/modules/cart/repo'],
    // orders → schedules → pricing: a cycle through a third module
    [
      'pricing → orders (transitive)',
      'apps/api/src/modules/pricing/x.ts',
      '@/modules/orders/service',
    ],
    // checkout/service.ts imports users/purchaser
    ['users → checkout', 'apps/api/src/modules/users/new-rule.ts', '@/modules/checkout/service'],
    // orders/confirmation-mail.ts imports mail/compose: a .tsx template is module code too
    ['mail → orders (.tsx)', 'apps/api/src/modules/mail/templates/x.tsx', '@/modules/orders/qr'],
    // mail/mail-brand.ts imports sellers/seller-config
    ['sellers → mail', 'apps/api/src/modules/sellers/x.ts', '@/modules/mail/compose'],
  ];

  it.each(cycles)('%s is reported', async (_name, file, source) => {
    expect(await ruleIds(file, importing(source))).toContain(CYCLE);
  });

  it('catches type-only imports, re-exports and dynamic imports too', async () => {
    const file = 'apps/api/src/modules/pricing/x.ts';
    const typeOnly = `import type { Thing } from '@/modules/cart/repo';\nexport type T = Thing;\n`;
    const reExport = `export { thing } from '@/modules/cart/repo';\n`;
    const dynamic = `export const load = () => import('@/modules/cart/repo');\n`;
    expect(await ruleIds(file, typeOnly)).toContain(CYCLE);
    expect(await ruleIds(file, reExport)).toContain(CYCLE);
    expect(await ruleIds(file, dynamic)).toContain(CYCLE);
  });

  it('judges an edited file by its own imports, not the copy on disk', async () => {
    // on disk schedules/cart-schedule.ts no longer imports cart or orders; adding one back
    // closes cart → schedules → cart
    const file = 'apps/api/src/modules/schedules/cart-schedule.ts';
    expect(await ruleIds(file, importing('@/modules/cart/repo'))).toContain(CYCLE);
  });

  it('names the way back in the message', async () => {
    const found = await messages(
      'apps/api/src/modules/codes/x.ts',
      importing('@/modules/cart/repo'),
    );
    const message = found.find((m) => m.ruleId === CYCLE)?.message ?? '';
    expect(message).toMatch(
      /^modules\/codes must not import modules\/cart: cart → codes already leads back/,
    );
  });

  const allowed: [string, string, string][] = [
    [
      'a module importing one below it',
      'apps/api/src/modules/cart/x.ts',
      '@/modules/pricing/totals',
    ],
    ['checkout → orders', 'apps/api/src/modules/checkout/x.ts', '@/modules/orders/service'],
    ['a module importing db, http and lib', 'apps/api/src/modules/cart/x.ts', '@/db/transaction'],
    ['inside one module', 'apps/api/src/modules/pricing/x.ts', './totals'],
    // tests and test kits are not module code: a test may reach across
    ['a test across modules', 'apps/api/src/modules/pricing/x.test.ts', '@/modules/cart/bundle'],
    [
      'a test kit across modules',
      'apps/api/src/modules/pricing/y-test-kit.ts',
      '@/modules/cart/bundle',
    ],
  ];

  it.each(allowed)('%s lints clean', async (_name, file, source) => {
    const ids = await ruleIds(file, importing(source));
    expect(ids).not.toContain(CYCLE);
    expect(ids).not.toContain(BOUNDARY);
  });
});

describe('API layers point down', () => {
  const forbidden: [string, string, string][] = [
    ['a module → the demo seed', 'apps/api/src/modules/cart/x.ts', '@/demo/seed-demo'],
    [
      'a module → the demo seed (relative)',
      'apps/api/src/modules/cart/x.ts',
      '../../demo/demo-ids',
    ],
    ['a module test → the demo seed', 'apps/api/src/modules/cart/x.test.ts', '@/demo/seed-demo'],
    ['db → a module', 'apps/api/src/db/x.ts', '@/modules/cart/repo'],
    ['db → http', 'apps/api/src/db/x.ts', '@/http/app-error'],
    ['db → the seed', 'apps/api/src/db/x.ts', '@/demo/seed-demo'],
    ['http → a module', 'apps/api/src/http/x.ts', '@/modules/sessions/session-service'],
    ['lib → db', 'apps/api/src/lib/x.ts', '@/db/connection'],
    ['lib → a module', 'apps/api/src/lib/x.ts', '@/modules/pricing/totals'],
    // the seller CLI is an entry point: nothing below it, nor the server, imports it
    ['a module → the CLI', 'apps/api/src/modules/orders/x.ts', '@/cli/cli-io'],
    ['http → the CLI', 'apps/api/src/http/x.ts', '@/cli/commands/orders'],
    ['the server → the CLI', 'apps/api/src/app.ts', './cli/seller-cli'],
  ];

  it.each(forbidden)('%s is reported', async (_name, file, source) => {
    expect(await ruleIds(file, importing(source))).toContain(BOUNDARY);
  });

  const allowed: [string, string, string][] = [
    ['main → the demo seed', 'apps/api/src/main.ts', './demo/seed-demo'],
    ['the seed → a module', 'apps/api/src/demo/x.ts', '@/modules/users/password-hash'],
    ['a module → lib', 'apps/api/src/modules/schedules/x.ts', '@/lib/zoned-time'],
    ['http → db', 'apps/api/src/http/x.ts', '@/db/schema/identity'],
    ['db → lib', 'apps/api/src/db/x.ts', '@/lib/zoned-time'],
    ['a CLI command → a module', 'apps/api/src/cli/commands/x.ts', '@/modules/api-keys/service'],
    ['a CLI command → its io', 'apps/api/src/cli/commands/x.ts', '../cli-io'],
  ];

  it.each(allowed)('%s lints clean', async (_name, file, source) => {
    expect(await ruleIds(file, importing(source))).not.toContain(BOUNDARY);
  });
});

describe('the seller CLI and the seller-file module (decision 0041)', () => {
  it('the demo seed never loads the CLI', async () => {
    expect(await ruleIds('apps/api/src/demo/x.ts', importing('@/cli/commands/import'))).toContain(
      BOUNDARY,
    );
  });

  it.each([
    [
      'the CLI → the seller-file module',
      'apps/api/src/cli/commands/x.ts',
      '@/modules/seller-file/service',
    ],
    ['the CLI → the demo seed', 'apps/api/src/cli/commands/x.ts', '@/demo/seed-demo'],
    [
      'the demo seed → the seller-file module',
      'apps/api/src/demo/x.ts',
      '@/modules/seller-file/service',
    ],
  ])('%s lints clean', async (_name, file, source) => {
    expect(await ruleIds(file, importing(source))).not.toContain(BOUNDARY);
  });
});
