'use strict';
/**
 * Import resolver for eslint-plugin-boundaries (eslint-module-utils interface v2).
 *
 * Why a local resolver: the boundary rule classifies the *resolved file* of every import,
 * and the stock node resolver knows neither the `@/` alias of each app nor the
 * `@admit/<workspace>/*` exports. Paths inside the repo resolve even when the target file
 * does not exist yet: the boundary is about where an import points, a missing file is
 * the type checker's business (and the lint-rule tests lint in-memory snippets).
 */
const fs = require('node:fs');
const path = require('node:path');
const nodeResolver = require('eslint-import-resolver-node');

const repoRoot = path.resolve(__dirname, '..');
const EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs', '.json'];

/** workspace package name -> { dir, exportsPattern } read once from the root package.json */
function readWorkspaces() {
  const rootPkg = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));
  const byName = new Map();
  for (const rel of rootPkg.workspaces ?? []) {
    const dir = path.join(repoRoot, rel);
    try {
      const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
      const star = pkg.exports && typeof pkg.exports === 'object' ? pkg.exports['./*'] : undefined;
      byName.set(pkg.name, { dir, exportsPattern: typeof star === 'string' ? star : undefined });
    } catch {
      // a workspace without package.json cannot be imported by name; nothing to map
    }
  }
  return byName;
}
const workspaces = readWorkspaces();

function isFile(p) {
  try {
    return fs.statSync(p).isFile();
  } catch {
    return false;
  }
}

/** TypeScript-style lookup; falls back to `<candidate>.ts` for files that do not exist yet. */
function withExtensions(candidate) {
  if (isFile(candidate)) return candidate;
  // ESM-style `./x.js` specifiers that point at `./x.ts`
  const jsMatch = /\.(m|c)?jsx?$/.exec(candidate);
  if (jsMatch) {
    for (const ext of ['.ts', '.tsx', '.mts', '.cts']) {
      const swapped = candidate.slice(0, -jsMatch[0].length) + ext;
      if (isFile(swapped)) return swapped;
    }
  }
  for (const ext of EXTENSIONS) if (isFile(candidate + ext)) return candidate + ext;
  for (const ext of EXTENSIONS) {
    const index = path.join(candidate, `index${ext}`);
    if (isFile(index)) return index;
  }
  return path.extname(candidate) ? candidate : `${candidate}.ts`;
}

/** The nearest folder above `file` that holds a package.json: the app whose `@/` means `src/`. */
function packageDirOf(file) {
  let dir = path.dirname(file);
  while (dir.startsWith(repoRoot) && dir !== repoRoot) {
    if (isFile(path.join(dir, 'package.json'))) return dir;
    dir = path.dirname(dir);
  }
  return undefined;
}

function resolveWorkspaceImport(source) {
  const match = /^(@[^/]+\/[^/]+)(?:\/(.*))?$/.exec(source);
  if (!match) return undefined;
  const workspace = workspaces.get(match[1]);
  if (!workspace) return undefined;
  const subpath = match[2] ?? '';
  if (subpath && workspace.exportsPattern) {
    return withExtensions(path.join(workspace.dir, workspace.exportsPattern.replace('*', subpath)));
  }
  return withExtensions(path.join(workspace.dir, subpath || 'package.json'));
}

function resolveLocal(source, file) {
  if (source.startsWith('@/')) {
    const pkgDir = packageDirOf(file);
    return pkgDir ? withExtensions(path.join(pkgDir, 'src', source.slice(2))) : undefined;
  }
  if (source.startsWith('./') || source.startsWith('../') || source === '.' || source === '..') {
    return withExtensions(path.resolve(path.dirname(file), source));
  }
  return resolveWorkspaceImport(source);
}

module.exports = {
  interfaceVersion: 2,
  resolve(source, file, config) {
    const local = resolveLocal(source, path.resolve(file));
    if (local) return { found: true, path: local };
    return nodeResolver.resolve(source, file, { extensions: EXTENSIONS, ...config });
  },
};
