// `npm run dev`: the API under `tsx watch` (restarts on change) and the Vite dev server on 5173
// (proxying /api, /cached_api and /_dev to the API). Stopping one stops both.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const require = createRequire(join(root, 'apps/storefront/package.json'));
const tsxCli = join(dirname(require.resolve('tsx/package.json')), 'dist/cli.mjs');
const viteCli = join(dirname(require.resolve('vite/package.json')), 'bin/vite.js');

const env = {
  TSX_TSCONFIG_PATH: join(root, 'apps/api/tsconfig.json'),
  NODE_ENV: 'development',
  ...process.env,
};
const children = [
  spawn(process.execPath, [tsxCli, 'watch', '--clear-screen=false', 'apps/api/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env,
  }),
  spawn(process.execPath, [viteCli, '--port', '5173', '--strictPort'], {
    cwd: join(root, 'apps/storefront'),
    stdio: 'inherit',
    env,
  }),
];

let stopping = false;
function stopAll(signal = 'SIGTERM') {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill(signal);
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stopAll(signal));
let remaining = children.length;
let exitCode = 0;
for (const child of children) {
  child.on('exit', (code) => {
    if (code) exitCode = code;
    stopAll();
    if (--remaining === 0) process.exit(exitCode);
  });
}
console.log(
  'Admit dev: API (tsx watch) on http://localhost:3000 — built storefront at http://localhost:3000/demo-museum/events; Vite dev server on http://localhost:5173',
);
