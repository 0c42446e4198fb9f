// nginx of `npm run cluster` (decision 0090) marking a node down, or up again, for the rolling
// restart (decision 0103).
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { nginxMainConfig, nginxSiteConfig } from './cluster-config.mjs';
import { childPids, sleep } from './cluster-processes.mjs';

const OLD_WORKERS_MS = 15_000;

/**
 * `setDown(address, down)` marks a node down in nginx (or up again), reloads it, and resolves
 * once the workers from before the reload have exited: from then on nothing new reaches a node
 * marked down, so its stop cuts nothing. Closing a node's port alone is not enough: a
 * connection nginx opened a moment before, still in the kernel's accept queue, is reset with the
 * port, and a POST nginx had sent on it comes back 502, which nginx must not retry.
 */
export function nginxControl({ program, args, confPath, site, main, pid, stopping }) {
  const down = new Set();
  return {
    async setDown(address, isDown) {
      if (isDown) down.add(address);
      else down.delete(address);
      const siteText = nginxSiteConfig({ ...site, down: [...down] });
      writeFileSync(confPath, nginxMainConfig({ ...main, site: siteText }));
      const before = childPids(pid);
      const reload = spawnSync(program, [...args, '-s', 'reload'], { encoding: 'utf8' });
      if (reload.status !== 0) throw new Error(`nginx -s reload failed: ${reload.stderr}`);
      const deadline = Date.now() + OLD_WORKERS_MS;
      while (childPids(pid).some((worker) => before.includes(worker))) {
        if (stopping()) throw new Error('stopped');
        if (Date.now() > deadline) throw new Error('nginx kept its old workers for 15 s');
        await sleep(50);
      }
    },
  };
}
