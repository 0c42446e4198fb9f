// Loaded into a node by `bench/cluster-cpu.ts --profile` (NODE_OPTIONS=--import …): SIGUSR2
// starts V8's sampling profiler, SIGUSR1 writes the profile (open it in Chrome's DevTools) to
// CPU_PROFILE_DIR as node-<pid>.cpuprofile. Only the measured step is profiled, not the start.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { join } from 'node:path';

const session = new Session();
session.connect();
let started = false;
process.on('SIGUSR2', () => {
  if (started) return;
  started = true;
  session.post('Profiler.enable');
  session.post('Profiler.setSamplingInterval', { interval: 100 });
  session.post('Profiler.start');
});
process.on('SIGUSR1', () => {
  if (!started) return;
  session.post('Profiler.stop', (error, result) => {
    if (error) throw error;
    const dir = process.env.CPU_PROFILE_DIR ?? '.';
    writeFileSync(join(dir, `node-${process.pid}.cpuprofile`), JSON.stringify(result.profile));
  });
});
