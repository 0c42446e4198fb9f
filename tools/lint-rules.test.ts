import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// Proves the lint rules of eslint.config.js do what STYLE "Feature folders, one-way imports"
// asks: every forbidden import below must be reported, every allowed one must lint clean.
// Snippets are linted in memory at paths that need not exist (ESLint's lintText).

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const BOUNDARY = 'boundaries/element-types';

let eslint: ESLint;
beforeAll(() => {
  // the import rules need no type information, and the snippets' paths belong to no tsconfig
  eslint = new ESLint({ cwd: repoRoot, overrideConfig: tseslint.configs.disableTypeChecked });
});

async function ruleIds(filePath: string, code: string): Promise<(string | null)[]> {
  const [result] = await eslint.lintText(code, { filePath: `${repoRoot}${filePath}` });
  if (!result) throw new Error('ESLint returned no result');
  return result.messages.map((m) => m.ruleId);
}

/** A module that uses what it imports, so only the import itself can be at fault. */
function importing(source: string): string {
  return `import { thing } from '${source}';\nexport const used = thing;\n`;
}

const API = 'apps/api/src/modules/events/routes.ts';
const SF_APP = 'apps/storefront/src/app/router.tsx';
const SF_UI = 'apps/storefront/src/ui/button.tsx';
const SF_API = 'apps/storefront/src/api/client.ts';
const SF_STORES = 'apps/storefront/src/stores/cart-store.ts';
const SF_CONFIG = 'apps/storefront/src/config/seller-config.tsx';
const CART = 'apps/storefront/src/features/cart/components/cart-widget.tsx';
const CONTRACTS = 'packages/contracts/src/catalog.ts';

describe('architectural boundaries: forbidden imports are reported', () => {
  const forbidden: [string, string, string][] = [
    ['api → storefront by package name', API, '@admit/storefront/src/main'],
    ['api → storefront by relative path', API, '../../../../storefront/src/features/cart/x'],
    ['storefront app → api by package name', SF_APP, '@admit/api/src/app'],
    ['storefront feature → api by relative path', CART, '../../../../../api/src/db/schema'],
    ['storefront ui → api', SF_UI, '../../../api/src/config'],
    ['ui → feature (alias)', SF_UI, '@/features/cart/use-cart'],
    ['ui → feature (relative)', SF_UI, '../features/events/event-card'],
    ['ui → app', SF_UI, '@/app/providers'],
    ['storefront api → feature', SF_API, '@/features/cart/api/get-cart'],
    ['storefront api → app', SF_API, '../app/router'],
    // storefront layers: app → features → ui | api → stores → config
    ['ui → storefront api (alias)', SF_UI, '@/api/client'],
    ['ui → storefront api (relative)', SF_UI, '../api/cart/get-cart'],
    ['ui → stores', SF_UI, '@/stores/member-store'],
    ['storefront api → ui (alias)', SF_API, '@/ui/price'],
    ['storefront api → ui (relative)', SF_API, '../ui/routing/route-paths'],
    ['stores → storefront api', SF_STORES, '@/api/client'],
    ['stores → ui', SF_STORES, '../ui/price'],
    ['stores → feature', SF_STORES, '@/features/cart/use-cart-view'],
    ['stores → app', SF_STORES, '@/app/providers'],
    ['config → storefront api', SF_CONFIG, '@/api/client'],
    ['config → stores', SF_CONFIG, '../stores/cart-store'],
    ['config → ui', SF_CONFIG, '@/ui/text/use-strings'],
    ['config → feature', SF_CONFIG, '@/features/login/strings'],
    ['config → app', SF_CONFIG, '@/app/text-catalogue'],
    ['feature → app', CART, '@/app/providers'],
    ['feature → app (relative)', CART, '../../../app/router'],
    ['feature → other feature (alias)', CART, '@/features/events/api/get-events'],
    ['feature → other feature (relative)', CART, '../../events/components/event-card'],
    ['contracts → api', CONTRACTS, '../../../apps/api/src/config'],
  ];

  it.each(forbidden)('%s', async (_name, file, source) => {
    expect(await ruleIds(file, importing(source))).toContain(BOUNDARY);
  });

  it('catches type-only imports, re-exports and dynamic imports too', async () => {
    const typeOnly = `import type { Thing } from '@/features/events/types';\nexport type T = Thing;\n`;
    const reExport = `export { thing } from '@/features/events/thing';\n`;
    const dynamic = `export const load = () => import('@/features/events/lazy-page');\n`;
    expect(await ruleIds(CART, typeOnly)).toContain(BOUNDARY);
    expect(await ruleIds(CART, reExport)).toContain(BOUNDARY);
    expect(await ruleIds(SF_UI, dynamic)).toContain(BOUNDARY);
  });

  it('catches a type-only import of a fetcher’s types into ui', async () => {
    const typeOnly = `import type { EventDetail } from '@/api/events/event-detail';\nexport type E = EventDetail;\n`;
    expect(await ruleIds(SF_UI, typeOnly)).toContain(BOUNDARY);
  });

  it('names both sides in the message', async () => {
    const [result] = await eslint.lintText(importing('@/features/cart/use-cart'), {
      filePath: `${repoRoot}${SF_UI}`,
    });
    const message = result?.messages.find((m) => m.ruleId === BOUNDARY)?.message;
    expect(message).toBe(
      'storefront-ui must not import storefront-feature (architectural boundary)',
    );
  });

  it('names the storefront layers in the message', async () => {
    const messageFor = async (file: string, source: string) => {
      const [result] = await eslint.lintText(importing(source), { filePath: `${repoRoot}${file}` });
      return result?.messages.find((m) => m.ruleId === BOUNDARY)?.message;
    };
    expect(await messageFor(SF_UI, '@/api/client')).toBe(
      'storefront-ui must not import storefront-api (architectural boundary)',
    );
    expect(await messageFor(SF_API, '@/ui/price')).toBe(
      'storefront-api must not import storefront-ui (architectural boundary)',
    );
    expect(await messageFor(SF_STORES, '@/api/client')).toBe(
      'storefront-stores must not import storefront-api (architectural boundary)',
    );
  });
});

describe('architectural boundaries: allowed imports lint clean', () => {
  const allowed: [string, string, string][] = [
    ['api → contracts', API, '@admit/contracts/envelope'],
    ['api → its own modules', API, '@/db/schema/cart'],
    ['storefront app → contracts', SF_APP, '@admit/contracts/seller-config'],
    ['storefront app → feature', SF_APP, '@/features/cart/components/cart-widget'],
    ['storefront app → ui', SF_APP, '@/ui/button'],
    ['feature → contracts', CART, '@admit/contracts/catalog'],
    ['feature → its own files (alias)', CART, '@/features/cart/api/get-cart'],
    ['feature → its own files (relative)', CART, '../api/get-cart'],
    ['feature → ui', CART, '@/ui/dialog'],
    ['feature → storefront api', CART, '@/api/client'],
    ['ui → ui', SF_UI, './spinner'],
    ['ui → config', SF_UI, '@/config/seller-config'],
    ['ui → contracts', SF_UI, '@admit/contracts/images'],
    ['storefront api → contracts', SF_API, '@admit/contracts/envelope'],
    ['storefront api → stores', SF_API, '@/stores/cart-store'],
    ['storefront api → config', SF_API, '@/config/seller-slug'],
    ['stores → stores', SF_STORES, './persisted-store'],
    ['stores → config', SF_STORES, '@/config/seller-slug'],
    ['stores → contracts', SF_STORES, '@admit/contracts/cart'],
    ['config → config', SF_CONFIG, './seller-slug'],
    ['config → contracts', SF_CONFIG, '@admit/contracts/seller-config'],
    ['feature → stores', CART, '@/stores/cart-store'],
    ['feature → config', CART, '@/config/seller-config'],
    ['feature → its own api folder', CART, '@/features/cart/api/extend-cart'],
    ['storefront app → stores', SF_APP, '@/stores/member-store'],
    ['storefront app → config', SF_APP, '@/config/seller-config'],
    ['storefront app → storefront api', SF_APP, '@/api/session/clear-session-state'],
    ['contracts → contracts', CONTRACTS, './resources'],
    ['any file → a package', CART, 'react'],
  ];

  it.each(allowed)('%s', async (_name, file, source) => {
    expect(await ruleIds(file, importing(source))).toEqual([]);
  });
});

describe('test code stays out of files that ship', () => {
  const RESTRICTED = 'no-restricted-imports';
  const forbidden: [string, string, string][] = [
    ['api module → a test kit', API, '../checkout/checkout-test-kit'],
    ['api module → testing/ (alias)', API, '@/testing/factories'],
    ['storefront feature → a test kit', CART, '@/features/cart/cart-test-kit'],
    ['storefront feature → testing/ (relative)', CART, '../../../testing/render-route'],
    ['storefront ui → a dotted test kit', SF_UI, './button.test-kit'],
    ['contracts → testing/', CONTRACTS, './testing/catalog-factories'],
  ];
  it.each(forbidden)('%s', async (_name, file, source) => {
    expect(await ruleIds(file, importing(source))).toContain(RESTRICTED);
  });

  const allowed: [string, string, string][] = [
    ['a test → a test kit', 'apps/api/src/modules/events/events.test.ts', './events-test-kit'],
    ['a test → testing/', 'apps/storefront/src/ui/button.test.tsx', '@/testing/render-route'],
    ['a test kit → testing/', 'apps/api/src/modules/events/events-test-kit.ts', '@/testing/x'],
    ['testing/ → testing/', 'apps/storefront/src/testing/new-helper.ts', '@/testing/fetch-stub'],
    ['a file that ships → @testing-library', SF_UI, '@testing-library/react'],
  ];
  it.each(allowed)('%s', async (_name, file, source) => {
    expect(await ruleIds(file, importing(source))).not.toContain(RESTRICTED);
  });
});

describe('other rules', () => {
  it('requires `import type` for imports used only as types', async () => {
    const code = `import { Venue } from '@admit/contracts/resources';\nexport type V = Venue;\n`;
    expect(await ruleIds(SF_UI, code)).toContain('@typescript-eslint/consistent-type-imports');
  });

  it('applies the react-hooks rules to the storefront', async () => {
    const code = [
      `import { useState } from 'react';`,
      `export function Widget({ open }: { open: boolean }) {`,
      `  if (open) { useState(0); }`,
      `  return null;`,
      `}`,
      ``,
    ].join('\n');
    expect(await ruleIds(SF_UI.replace('button', 'widget'), code)).toContain(
      'react-hooks/rules-of-hooks',
    );
  });

  it('does not lint build output or generated migrations', async () => {
    expect(await eslint.isPathIgnored(`${repoRoot}apps/storefront/dist/assets/index.js`)).toBe(
      true,
    );
    expect(await eslint.isPathIgnored(`${repoRoot}apps/api/src/db/migrations/meta/x.js`)).toBe(
      true,
    );
    expect(await eslint.isPathIgnored(`${repoRoot}apps/api/src/app.ts`)).toBe(false);
  });
});

describe('import resolver', () => {
  const require = createRequire(import.meta.url);
  const resolver = require('./eslint-import-resolver.cjs') as {
    resolve(source: string, file: string, config: object): { found: boolean; path?: string | null };
  };

  it('maps workspace exports and the @/ alias to files under the repository', () => {
    const fromApi = `${repoRoot}apps/api/src/main.ts`;
    expect(resolver.resolve('@admit/contracts/envelope', fromApi, {})).toEqual({
      found: true,
      path: `${repoRoot}packages/contracts/src/envelope.ts`,
    });
    expect(resolver.resolve('@/config', fromApi, {})).toEqual({
      found: true,
      path: `${repoRoot}apps/api/src/config.ts`,
    });
    expect(resolver.resolve('./app', fromApi, {})).toEqual({
      found: true,
      path: `${repoRoot}apps/api/src/app.ts`,
    });
  });
});
