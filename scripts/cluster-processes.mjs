// Small process helpers of `npm run cluster` (scripts/cluster.mjs).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { join } from 'node:path';

/** The program's path, on PATH or in /usr/sbin (where Debian puts nginx and pgbouncer). */
export function findProgram(name) {
  const dirs = [...(process.env.PATH ?? '').split(':').filter(Boolean), '/usr/sbin', '/sbin'];
  return dirs.map((dir) => join(dir, name)).find((path) => existsSync(path));
}

/** Whom pgbouncer runs as when started by root (it refuses root): postgres if present. */
export function unprivilegedUser() {
  return spawnSync('id', ['-u', 'postgres']).status === 0 ? 'postgres' : 'nobody';
}

export async function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** True when something accepts connections on the loopback port. */
export const accepts = (port) =>
  new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
/** True when the URL answers 2xx within 2 s. */
export const answers = async (url) => (await fetch(url, { signal: AbortSignal.timeout(2000) })).ok;

/**
 * Starts a child in its own process group (the script stops each in order) with its output
 * tagged by name. `onUnexpectedExit` runs when it exits without `stopChild` having asked it to.
 */
export function startChild({ name, command, args, cwd, env, user, onUnexpectedExit }) {
  const child = spawn(command, args, {
    cwd,
    env,
    // `{ uid, gid }`: PostgreSQL refuses to run as root (cluster-postgres.mjs)
    ...user,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const tag = (stream, out) => {
    let rest = '';
    stream.on('data', (chunk) => {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) out.write(`[${name}] ${line}\n`);
    });
  };
  tag(child.stdout, process.stdout);
  tag(child.stderr, process.stderr);
  const entry = {
    name,
    child,
    stopRequested: false,
    exited: new Promise((resolve) => child.once('exit', resolve)),
  };
  child.once('exit', (code, signal) => {
    if (!entry.stopRequested) onUnexpectedExit(entry, signal ?? code);
  });
  return entry;
}

/** Sends `signal`, then SIGKILL after `graceMs`, and resolves once the child has exited. */
export async function stopChild(entry, signal, graceMs) {
  entry.stopRequested = true;
  if (entry.child.exitCode !== null || entry.child.signalCode !== null) return;
  entry.child.kill(signal);
  const timer = setTimeout(() => entry.child.kill('SIGKILL'), graceMs);
  await entry.exited;
  clearTimeout(timer);
}

/**
 * The rolling restart: each node in turn is first taken out of the balancer (`takeOut`: nginx
 * sends it nothing new, decision 0103), then stopped as any stop stops it (SIGTERM: it finishes
 * what it holds and refuses the rest), started again from apps/api/dist on its own port, waited
 * for until ready and put back (`putBack`) before the next is taken out, so the others serve
 * meanwhile. False when the cluster began stopping on the way.
 */
export async function restartInTurn(specs, { running, start, ready, cancelled, takeOut, putBack }) {
  for (const spec of specs) {
    await takeOut(spec);
    if (cancelled()) return false;
    await stopChild(running(spec), 'SIGTERM', 15_000);
    if (cancelled()) return false;
    start(spec);
    await ready(spec);
    await putBack(spec);
    console.log(`[${spec.name}] restarted`);
  }
  return true;
}

/** The pids of a process's children (nginx's workers), from /proc. */
export function childPids(pid) {
  try {
    const tasks = readdirSync(`/proc/${pid}/task`);
    return tasks.flatMap((task) =>
      readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8')
        .split(' ')
        .filter(Boolean)
        .map(Number),
    );
  } catch {
    return [];
  }
}
