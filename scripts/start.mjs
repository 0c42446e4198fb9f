// `npm start`: build the storefront when it is missing or stale, then run the API from its
// TypeScript source (docs/decisions/0001), forwarding Ctrl-C / SIGTERM for a graceful stop.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const storefront = join(root, 'apps/storefront');

/** Newest modification time under a file or folder (node_modules and dist skipped). */
function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** True when dist/index.html is missing or older than any storefront source it is built from. */
export function storefrontNeedsBuild() {
  const builtIndex = join(storefront, 'dist/index.html');
  // the server-rendering bundle too (decision 0044): a tree built before it existed lacks it
  if (!existsSync(builtIndex) || !existsSync(join(storefront, 'dist-ssr/entry-server.js'))) {
    return true;
  }
  const built = statSync(builtIndex).mtimeMs;
  const sources = [
    join(storefront, 'src'),
    join(storefront, 'index.html'),
    join(storefront, 'vite.config.ts'),
    // the storefront bundles the shared contracts too
    join(root, 'packages/contracts/src'),
  ];
  return sources.some((source) => newestMtime(source) > built);
}

function main() {
  if (process.env.SKIP_STOREFRONT_BUILD !== 'true' && storefrontNeedsBuild()) {
    console.log('Building the storefront (apps/storefront/dist is missing or out of date)…');
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const build = spawnSync(npm, ['run', 'build', '-w', '@admit/storefront'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (build.status !== 0) {
      console.error('Storefront build failed; the API is not started.');
      process.exit(build.status ?? 1);
    }
  }

  const api = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    // tsx resolves the API's `@/` alias from this tsconfig, whatever the working directory
    env: { TSX_TSCONFIG_PATH: join(root, 'apps/api/tsconfig.json'), ...process.env },
  });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => {
      if (api.exitCode === null) api.kill(signal);
    });
  }
  api.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 : 1)));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
