import { HttpTimeoutError, LeanPool, leanRequest } from './lean-http';

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
 * Sends `rate` POSTs (or GETs, with `method`) per second of `body` to `url` for `seconds`, each
 * on a keep-alive socket of its own while one is free (up to `sockets`), and waits for every
 * reply or its timeout. The client is `lean-http.ts`: the driver shares the CPUs with the
 * servers it measures. `onReply` sees each answered request: when it left and when its reply
 * came (performance.now()), with the reply.
 */
export async function runOpenLoop(options: {
  /** several: the requests take them in turn (one host) */
  url: string | string[];
  method?: 'GET' | 'POST';
  body: string;
  headers: Record<string, string>;
  rate: number;
  seconds: number;
  sockets: number;
  timeoutMs: number;
  classify: (status: number, text: string) => Outcome;
  onReply?: (reply: { sentAt: number; repliedAt: number; status: number; text: string }) => void;
}): Promise<OpenLoopRun> {
  const method = options.method ?? 'POST';
  const headers =
    method === 'POST'
      ? { 'content-type': 'application/json', ...options.headers }
      : options.headers;
  const requests = [options.url]
    .flat()
    .map((url) => leanRequest(method, url, headers, options.body));
  const request = requests[0]!;
  const pool = new LeanPool(request, { sockets: options.sockets, timeoutMs: options.timeoutMs });
  const total = Math.round(options.rate * options.seconds);
  const interval = 1000 / options.rate;
  const latencies: number[] = [];
  const counts: Record<Outcome, number> = { held: 0, sold_out: 0, error: 0, timeout: 0 };
  let driverLagMs = 0;
  let sent = 0;
  let replied = 0;
  let allReplied = () => {};
  const replies = new Promise<void>((resolve) => (allReplied = resolve));

  const fire = (due: number) => {
    const sentAt = performance.now();
    pool.send(requests[sent % requests.length]!.bytes, (error, status, text) => {
      const repliedAt = performance.now();
      if (error) counts[error instanceof HttpTimeoutError ? 'timeout' : 'error']++;
      else {
        counts[options.classify(status, text)]++;
        options.onReply?.({ sentAt, repliedAt, status, text });
      }
      latencies.push(repliedAt - due);
      if (++replied === total) allReplied();
    });
  };

  const started = performance.now();
  await new Promise<void>((resolve) => {
    // every request due by now leaves in this tick, however late the timer ran
    const tick = () => {
      const now = performance.now();
      const due = Math.min(total, Math.floor((now - started) / interval) + 1);
      while (sent < due) {
        const scheduled = started + sent * interval;
        driverLagMs = Math.max(driverLagMs, now - scheduled);
        fire(scheduled);
        sent++;
      }
      if (sent < total) setTimeout(tick, Math.max(0, started + sent * interval - now));
      else resolve();
    };
    tick();
  });
  if (total > 0) await replies;
  const seconds = (performance.now() - started) / 1000;
  pool.close();
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
