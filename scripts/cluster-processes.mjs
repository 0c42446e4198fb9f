// Small process helpers of `npm run cluster` (scripts/cluster.mjs).
import { existsSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { join } from 'node:path';

/** The program's path, on PATH or in /usr/sbin (where Debian puts nginx and pgbouncer). */
export function findProgram(name) {
  const dirs = [...(process.env.PATH ?? '').split(':').filter(Boolean), '/usr/sbin', '/sbin'];
  return dirs.map((dir) => join(dir, name)).find((path) => existsSync(path));
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
