import { readdirSync, readFileSync } from 'node:fs';
import { LeanPool, leanRequest, type LeanRequest } from './lean-http';

/**
 * The rush's HTTP client and CPU meters. `fetch` (undici) spent ~12 ms of CPU per request in
 * this process, on the same two CPUs as the server and PostgreSQL, so the benchmark measured its
 * own driver as much as the server. node:http with a keep-alive agent cost a fraction of that,
 * still 0.24-0.6 ms per request in the open-loop runs; `lean-http.ts` (one socket per client,
 * the request's bytes built once) about half as much again (decision 0115). The request on the
 * wire is the same.
 */

export interface PostAnswer {
  status: number;
  text: string;
}

const sameHeaders = (a: Record<string, string>, b: Record<string, string>) => {
  const names = Object.keys(a);
  return names.length === Object.keys(b).length && names.every((name) => a[name] === b[name]);
};

/** A keep-alive POST client of `sockets` connections to each origin it is given. */
export function jsonPoster(sockets: number) {
  const pools = new Map<string, LeanPool>();
  // the rush posts the same request over and over: its bytes are built once
  let last:
    | { url: string; body: string; headers: Record<string, string>; request: LeanRequest }
    | undefined;
  const prepared = (url: string, body: string, headers: Record<string, string>) => {
    if (!last || last.url !== url || last.body !== body || !sameHeaders(last.headers, headers)) {
      const request = leanRequest(
        'POST',
        url,
        { 'content-type': 'application/json', ...headers },
        body,
      );
      last = { url, body, headers: { ...headers }, request };
    }
    const origin = `${last.request.host}:${last.request.port}`;
    let pool = pools.get(origin);
    if (!pool) pools.set(origin, (pool = new LeanPool(last.request, { sockets })));
    return { bytes: last.request.bytes, pool };
  };
  const post = (url: string, body: string, headers: Record<string, string>) =>
    new Promise<PostAnswer>((resolve, reject) => {
      const { bytes, pool } = prepared(url, body, headers);
      pool.send(bytes, (error, status, text) =>
        error ? reject(error) : resolve({ status, text }),
      );
    });
  return {
    post,
    close: () => {
      for (const pool of pools.values()) pool.close();
    },
  };
}

const CLOCK_TICKS_PER_SECOND = 100; // USER_HZ on Linux

function statOf(pid: string | number) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const close = stat.lastIndexOf(')');
  // fields after the command name (which may contain spaces) start after the last ')'
  const fields = stat.slice(close + 2).split(' ');
  return {
    comm: stat.slice(stat.indexOf('(') + 1, close),
    ppid: Number(fields[1]),
    cpuMs: ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND,
  };
}

const pids = () => readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));

/** CPU time (ms, user + system) a process has used so far, from /proc/<pid>/stat. */
export const processCpuMs = (pid: number) => statOf(pid).cpuMs;

/** This process's CPU time so far (ms). */
export const ownCpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** The pid of this process's child whose command line contains `marker`. */
export function childPid(marker: string): number | null {
  for (const pid of pids()) {
    try {
      if (statOf(pid).ppid !== process.pid) continue;
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(marker)) return Number(pid);
    } catch {
      // the process ended while we looked
    }
  }
  return null;
}

/**
 * CPU (ms) used so far by the live PostgreSQL backends connected to `database` (their process
 * title names it; other people's test databases on the same server are left out). The
 * difference across a run is the backends' share: both pools' connections live through it.
 */
export function postgresCpuMs(database: string): number {
  let total = 0;
  for (const pid of pids()) {
    try {
      const stat = statOf(pid);
      if (stat.comm !== 'postgres') continue;
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(` ${database} `))
        total += stat.cpuMs;
    } catch {
      // gone
    }
  }
  return total;
}
