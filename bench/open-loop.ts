import http from 'node:http';

/**
 * An open-loop driver (issue #28): requests leave at a fixed arrival rate whatever the replies,
 * as buyers arrive at an on-sale moment, so a slow server meets a growing queue instead of a
 * closed loop's politely waiting clients. Each latency is counted from the moment the request
 * was DUE, not from when it left: a driver that fell behind would otherwise hide the queueing
 * it caused (coordinated omission).
 */

export type Outcome = 'held' | 'sold_out' | 'error' | 'timeout';

export interface OpenLoopRun {
  offeredPerSecond: number;
  seconds: number;
  sent: number;
  /** held per second of the run (the last reply included) */
  heldPerSecond: number;
  counts: Record<Outcome, number>;
  p50Ms: number;
  p99Ms: number;
  p999Ms: number;
  maxMs: number;
  /** how far behind its schedule the driver itself fell at worst (ms): large = the driver, not the server */
  driverLagMs: number;
}

export const percentileOf = (sorted: number[], p: number) =>
  sorted.length === 0
    ? 0
    : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

const round1 = (ms: number) => Math.round(ms * 10) / 10;

/**
 * Sends `rate` POSTs per second of `body` to `url` for `seconds`, each on a keep-alive socket of
 * its own while one is free (up to `sockets`), and waits for every reply or its timeout.
 */
export async function runOpenLoop(options: {
  url: string;
  body: string;
  headers: Record<string, string>;
  rate: number;
  seconds: number;
  sockets: number;
  timeoutMs: number;
  classify: (status: number, text: string) => Outcome;
}): Promise<OpenLoopRun> {
  const agent = new http.Agent({
    keepAlive: true,
    maxSockets: options.sockets,
    maxFreeSockets: options.sockets,
  });
  const total = Math.round(options.rate * options.seconds);
  const interval = 1000 / options.rate;
  const latencies: number[] = [];
  const counts: Record<Outcome, number> = { held: 0, sold_out: 0, error: 0, timeout: 0 };
  const replies: Promise<void>[] = [];
  let driverLagMs = 0;

  const fire = (due: number) =>
    new Promise<void>((resolve) => {
      const done = (outcome: Outcome) => {
        counts[outcome]++;
        latencies.push(performance.now() - due);
        resolve();
      };
      const req = http.request(options.url, {
        method: 'POST',
        agent,
        timeout: options.timeoutMs,
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(options.body)),
          ...options.headers,
        },
      });
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          done(options.classify(res.statusCode ?? 0, Buffer.concat(chunks).toString('utf8'))),
        );
        res.on('error', () => done('error'));
      });
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', (error) => done(error.message === 'timeout' ? 'timeout' : 'error'));
      req.end(options.body);
    });

  const started = performance.now();
  let sent = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      const due = Math.min(total, Math.floor((now - started) / interval) + 1);
      while (sent < due) {
        const scheduled = started + sent * interval;
        driverLagMs = Math.max(driverLagMs, now - scheduled);
        replies.push(fire(scheduled));
        sent++;
      }
      if (sent < total) setTimeout(tick, Math.max(0, started + sent * interval - now));
      else resolve();
    };
    tick();
  });
  await Promise.all(replies);
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    offeredPerSecond: options.rate,
    seconds,
    sent,
    heldPerSecond: counts.held / seconds,
    counts,
    p50Ms: round1(percentileOf(latencies, 50)),
    p99Ms: round1(percentileOf(latencies, 99)),
    p999Ms: round1(percentileOf(latencies, 99.9)),
    maxMs: round1(latencies.at(-1) ?? 0),
    driverLagMs: round1(driverLagMs),
  };
}
