import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// docs/ARCHITECTURE.md is the one-page map (issue #23): it stays one page, and every path it or
// the README names exists, so a move that forgets the map fails here rather than misleading
// the next reader. File-by-file detail lives in each folder's README, beside the code.

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const MAP = 'docs/ARCHITECTURE.md';
const MAP_LIMIT_BYTES = 25 * 1024;

// A name in backticks is resolved from the repository root, then from the folders the map's
// table and the README speak from (module and feature folders, the contracts' sources).
const BASES = [
  '',
  'apps/api/src',
  'apps/api/src/modules',
  'apps/api',
  'apps/storefront/src',
  'apps/storefront',
  'packages/contracts/src',
  'packages/contracts',
];

/** Backticked names that look like repository paths: a file with an extension or a folder with '/'. */
export function pathsNamedIn(markdown: string): string[] {
  const names = new Set<string>();
  for (const [, raw] of markdown.matchAll(/`([^`\n]+)`/g)) {
    const name = raw!.trim();
    if (/[\s{}*<>$|:=,()?&[\]"']/.test(name)) continue; // commands, globs, code, URLs with queries
    if (
      name.startsWith('/') ||
      name.startsWith('@') ||
      name.startsWith('.') ||
      name.startsWith('-')
    )
      continue; // URL paths, packages, flags
    if (name.startsWith('http')) continue;
    const isFile = /\.(ts|tsx|md|json|yaml|yml|mjs|cjs|js|css|sql|conf|sh)$/.test(name);
    const isFolder = name.endsWith('/') && name.length > 1;
    if (isFile || isFolder) names.add(name);
  }
  return [...names];
}

function exists(name: string): boolean {
  return BASES.some((base) => existsSync(join(repoRoot, base, name)));
}

describe('docs/ARCHITECTURE.md', () => {
  const map = readFileSync(join(repoRoot, MAP), 'utf8');

  it('is one page: at most 25 KB, no line over 400 characters', () => {
    expect(statSync(join(repoRoot, MAP)).size).toBeLessThanOrEqual(MAP_LIMIT_BYTES);
    const long = map.split('\n').filter((line) => line.length > 400);
    expect(long).toEqual([]);
  });

  it.each([MAP, 'README.md'])('%s names only paths that exist', (file) => {
    const text = readFileSync(join(repoRoot, file), 'utf8');
    const named = pathsNamedIn(text);
    expect(named.length).toBeGreaterThan(5);
    expect(named.filter((name) => !exists(name))).toEqual([]);
  });

  it('the path check itself notices a name that does not exist', () => {
    const named = pathsNamedIn('see `apps/api/src/demo/demo-codes.ts` and `features/cart/`');
    expect(named).toEqual(['apps/api/src/demo/demo-codes.ts', 'features/cart/']);
    expect(named.filter((name) => !exists(name))).toEqual(['apps/api/src/demo/demo-codes.ts']);
  });
});
