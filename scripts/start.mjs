// `npm start`: checks the build, then runs the compiled server in this same process (decision
// 0096). The check used to be npm's `prestart`, a node process of its own before the server's
// (~0.3 s of a later start's 2 s budget); here it is a walk of the source folders, and a stale
// tree is rebuilt by `scripts/build.mjs` in a child before the server loads. No wrapper stays:
// after the check this process *is* the server (`exec env … node` in package.json, so npm's
// SIGTERM reaches it), and nothing of the build is left loaded in it.
import { spawnSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { API_ENTRY, apiNeedsBuild, storefrontNeedsBuild } from './build.mjs';

if (storefrontNeedsBuild() || apiNeedsBuild()) {
  const buildScript = fileURLToPath(new URL('./build.mjs', import.meta.url));
  const build = spawnSync(process.execPath, [buildScript, '--if-stale'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
await import(pathToFileURL(API_ENTRY).href);
