// `npm run build`: the storefront (client and server-rendering bundles, Vite) and the API,
// compiled by esbuild into apps/api/dist so that plain `node` runs it (decision 0072).
// `--if-stale` builds only the parts whose output is missing or older than their sources: it is
// what `npm install` (prepare), `npm start` (prestart) and the e2e harness run, so an unchanged
// tree costs a walk of the source folders and nothing more. `--api` builds the API alone.
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const storefront = join(root, 'apps/storefront');
const api = join(root, 'apps/api');
const contractsSrc = join(root, 'packages/contracts/src');

/** The compiled server; its modification time is the API build's. */
export const API_ENTRY = join(api, 'dist/main.mjs');

/** Newest modification time under a file or folder (node_modules and build output skipped). */
function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist' || entry === 'dist-ssr') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** True when an output is missing or older than any of its sources. */
function stale(outputs, sources) {
  if (!outputs.every((file) => existsSync(file))) return true;
  const built = Math.min(...outputs.map((file) => statSync(file).mtimeMs));
  return sources.some((source) => newestMtime(source) > built);
}

export function storefrontNeedsBuild() {
  return stale(
    [join(storefront, 'dist/index.html'), join(storefront, 'dist-ssr/entry-server.js')],
    [
      join(storefront, 'src'),
      join(storefront, 'index.html'),
      join(storefront, 'vite.config.ts'),
      // the storefront bundles the shared contracts too
      contractsSrc,
    ],
  );
}

export function apiNeedsBuild() {
  return stale(
    [API_ENTRY],
    [join(api, 'src'), join(api, 'package.json'), contractsSrc, fileURLToPath(import.meta.url)],
  );
}

function buildStorefront() {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const build = spawnSync(npm, ['run', 'build', '-w', '@admit/storefront'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('the storefront build failed');
  // the server-rendering bundle is read by the server, not sent: ASCII as the API's chunks
  // (the client's bundle keeps its UTF-8, which is fewer bytes on the wire)
  asciiOnly(join(storefront, 'dist-ssr'));
}

/** Where node would find `specifier` from `file`, or null when `require` cannot say. */
function resolveFrom(file, specifier) {
  try {
    return createRequire(file).resolve(specifier);
  } catch {
    return null;
  }
}

/**
 * The packages the API's compiled chunks import from node_modules at run time; every other
 * package is compiled into the chunks (decision 0114). Node's module loader opens, stats and
 * wraps each of the ~300 files a start used to load, asynchronously: one chunk instead took a
 * later start's first page from ~2.6 s to ~1.5 s. What stays outside reads files beside its own
 * code (PGlite's WebAssembly, jsdom), is native (argon2, sharp, pg's optional pg-native), is
 * shared with a copy loaded from node_modules by another package (React with @react-email and
 * the storefront's server bundle, pino with its transport workers), or loads on first use only
 * (Stripe, nodemailer, passkit-generator, qrcode, the PostgreSQL driver; jose, yaml and
 * htmlparser2, which start-without-jsdom.test.ts watches by their node_modules paths).
 */
const RUNTIME_PACKAGES = new Set([
  '@electric-sql/pglite',
  '@react-email/components',
  'argon2',
  'htmlparser2',
  'jose',
  'jsdom',
  'nodemailer',
  'passkit-generator',
  'pg',
  'pg-native',
  'pino',
  'qrcode',
  'react',
  'react-dom',
  'sharp',
  'stripe',
  'yaml',
]);

/** `lodash/fp` → `lodash`, `@scope/pkg/x` → `@scope/pkg`. */
const packageOf = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

async function buildApi() {
  // loaded here, not at the top: a tree whose build is fresh needs no build tool to start
  const esbuild = await import('esbuild');
  const manifest = JSON.parse(readFileSync(join(api, 'package.json'), 'utf8'));
  const dependencies = new Set(Object.keys(manifest.dependencies ?? {}));
  const outdir = join(api, 'dist');
  rmSync(outdir, { recursive: true, force: true });
  const imported = new Set();
  const misplaced = new Set();
  await esbuild.build({
    absWorkingDir: api,
    entryPoints: {
      main: 'src/main.ts',
      'migrate-cli': 'src/migrate-cli.ts',
      'seller-cli': 'src/cli/seller-cli.ts',
      // pkpass-pool.ts starts `./pkpass-worker-boot.mjs` beside itself: in the source a file
      // that registers tsx, here the worker itself (every chunk lands in dist/ itself)
      'pkpass-worker-boot': 'src/modules/wallet/pkpass-worker.ts',
      // the same for the image warming's child process (encoder-process.ts, decision 0078)
      'image-encoder-boot': 'src/modules/images/image-encoder.ts',
      // and the description sanitiser's (jsdom) child process (description-html.ts, decision 0102)
      'description-sanitizer-boot': 'src/lib/description-sanitizer.ts',
      // run once below: the migrated empty database a first start loads (decision 0110)
      'pglite-template': 'src/db/pglite-template-cli.ts',
    },
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    // the mail templates and other `import()`s stay separate chunks, loaded on first use
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    tsconfig: join(api, 'tsconfig.json'),
    // V8 keeps every loaded module's source text for as long as the module lives: whitespace,
    // comments and long-hand syntax held ~MB of the resting server (decision 0112). Names stay
    // as written (no identifier minification), so stack traces and logs read as the source does
    minifyWhitespace: true,
    minifySyntax: true,
    sourcemap: 'linked',
    // the maps point at apps/api/src and packages/contracts/src, which ship beside dist
    sourcesContent: false,
    legalComments: 'none',
    logLevel: 'warning',
    // a compiled CommonJS package's `require('events')` needs a `require` in an ES module
    banner: {
      js: "import { createRequire as __admitRequire } from 'node:module'; const require = __admitRequire(import.meta.url);",
    },
    plugins: [
      {
        // the workspace's contracts ship TypeScript source and are compiled in; packages are
        // too, except RUNTIME_PACKAGES
        name: 'admit-externals',
        setup(build) {
          build.onResolve({ filter: /^[^./]/ }, ({ path, importer }) => {
            if (path.startsWith('@/') || path.startsWith('@admit/contracts/')) return undefined;
            if (path.startsWith('node:') || builtinModules.includes(path)) {
              return { path, external: true };
            }
            const fromPackage = importer.includes('/node_modules/');
            // what the API's own code imports must be its dependency; a compiled package's
            // own imports are its business
            if (!fromPackage) imported.add(packageOf(path));
            if (!RUNTIME_PACKAGES.has(packageOf(path))) return undefined;
            // a compiled package's import is resolved from dist/ at run time: it must find the
            // copy the package itself would (not one nested under the package's own folder)
            if (fromPackage) {
              const wanted = resolveFrom(importer, path);
              if (wanted !== resolveFrom(join(outdir, 'main.mjs'), path)) {
                misplaced.add(`${path} (for ${importer})`);
              }
            }
            return { path, external: true };
          });
        },
      },
    ],
  });
  if (misplaced.size > 0) {
    throw new Error(
      `dist/ would load another copy of ${[...misplaced].join(', ')}: compile it in or hoist it`,
    );
  }
  // an import of a package the API does not depend on runs here and fails where only the
  // API's dependencies are installed (a production install, the Docker image)
  const undeclared = [...imported].filter((name) => !dependencies.has(name));
  if (undeclared.length > 0) {
    throw new Error(
      `apps/api imports ${undeclared.join(', ')} outside its dependencies: add them to apps/api/package.json`,
    );
  }
  asciiOnly(outdir);
  // files read beside the code at run time (db/connection.ts, demo/demo-sellers.ts): the
  // compiled chunks sit in dist/ itself, so the relative paths resolve against it
  cpSync(join(api, 'src/db/migrations'), join(outdir, 'migrations'), { recursive: true });
  cpSync(join(api, 'src/demo/sellers'), join(outdir, 'sellers'), { recursive: true });
  // after the migrations are in place: PostgreSQL's initdb and every migration, run here once
  // instead of on a fresh install's first start (dist/pglite-template.tar, decision 0110)
  const template = spawnSync(process.execPath, [join(outdir, 'pglite-template.mjs')], {
    stdio: 'inherit',
  });
  if (template.status !== 0) throw new Error('making the empty PGlite database failed');
}

/**
 * The compiled chunks as ASCII: V8 keeps every loaded module's source text, and one character
 * beyond Latin-1 (a comment's `—` or `…`, which esbuild keeps inside object literals) stores a
 * whole chunk two bytes a character: the app's 0.7 MB chunk held 1.5 MB (decision 0102).
 * esbuild already escapes its strings, templates and regular expressions (`charset` ascii, its
 * default), so what is left is comments; Vite's server bundle keeps UTF-8 in strings and JSX
 * text too. A `\uXXXX` escape means the same character in a comment, a string, a template, a
 * regular expression or an identifier (a character beyond the BMP becomes its surrogate pair,
 * which a string, and a `u` regular expression, read as the one character).
 */
function asciiOnly(outdir) {
  for (const entry of readdirSync(outdir, { withFileTypes: true })) {
    const file = join(outdir, entry.name);
    if (entry.isDirectory()) {
      asciiOnly(file);
      continue;
    }
    if (!/\.m?js$/.test(entry.name)) continue;
    const text = readFileSync(file, 'utf8');
    // a raw template reads its escapes as written: left as it is
    if (text.includes('String.raw')) continue;
    const ascii = text.replace(
      /[\u0080-\uffff]/g,
      (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );
    if (ascii !== text) writeFileSync(file, ascii);
  }
}

/** Builds what `args` asks; answers the names of the parts built. */
export async function build(args) {
  const ifStale = args.includes('--if-stale');
  const apiOnly = args.includes('--api');
  const built = [];
  if (!apiOnly && (!ifStale || storefrontNeedsBuild())) {
    buildStorefront();
    built.push('storefront');
  }
  if (!ifStale || apiNeedsBuild()) {
    const started = performance.now();
    await buildApi();
    console.log(`API compiled to apps/api/dist in ${Math.round(performance.now() - started)} ms`);
    built.push('api');
  }
  return built;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  build(process.argv.slice(2)).catch((error) => {
    console.error(`Build failed: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  });
}
