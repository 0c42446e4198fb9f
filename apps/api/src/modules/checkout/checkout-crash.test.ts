import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '@/lib/seeded-random';
import { withAdmin } from '@/testing/test-database';
import { startServerProcess, type ServerProcess } from '@/testing/server-process';
import {
  fireCheckout,
  findTarget,
  prepareCheckout,
  retryUntilFinal,
  violations,
  type Answer,
  type Attempt,
} from './crash-test-kit';

/**
 * The crash test (issue #12, decision 0027): the real server as a child process on a throw-away
 * PostgreSQL database with the demo seed; bursts of guest checkouts, SIGKILL at seeded random
 * points mid-burst, restart, retry every request with its key, let the recovery run, then check
 * that every charged payment has one order or one refund, every retry has a final answer and no
 * place leaked. The control runs the same with PAYMENT_RECOVERY=off (the old behaviour: a key
 * left running answers 409 forever) and must find violations: the check can fail.
 */

const url = process.env.TEST_DATABASE_URL;
const BURST = 16;

async function countKeys(db: pg.Client, batch: Attempt[]) {
  const { rows } = await db.query<{ claimed: string; open: string; charged: string }>(
    `select count(*) as claimed,
            count(*) filter (where state in ('started', 'charged')) as open,
            count(*) filter (where state = 'charged') as charged
       from idempotency_key where key = any($1)`,
    [batch.map((a) => a.key)],
  );
  const row = rows[0]!;
  return { claimed: Number(row.claimed), open: Number(row.open), charged: Number(row.charged) };
}

/**
 * Waits until `threshold` keys of the batch are claimed and some are open — for `charged`, some
 * hold a charge without an answer yet (the window of issue #12), else any open one after 10 s —
 * freezes the server (SIGSTOP) and counts again: the keys open now are exactly the requests
 * the kill interrupts. Answers that count, the server still frozen (or 0 after 20 s).
 */
async function freezeWithOpenKeys(
  server: ServerProcess,
  db: pg.Client,
  batch: Attempt[],
  threshold: number,
  want: KillPoint,
) {
  const start = Date.now();
  const ready = (n: { claimed: number; open: number; charged: number }) =>
    n.claimed >= threshold &&
    (want === 'charged' && Date.now() - start < 10_000 ? n.charged > 0 : n.open > 0);
  while (Date.now() - start < 20_000) {
    if (ready(await countKeys(db, batch))) {
      server.pause();
      const frozen = await countKeys(db, batch);
      if (ready(frozen)) return frozen.open;
      server.resume();
    }
    await new Promise((r) => setTimeout(r, 2));
  }
  return 0;
}

/** Where a round's kill lands: any request in flight, or one that charged and has no answer. */
type KillPoint = 'open' | 'charged';

async function crashRun(options: { recovery: 'on' | 'off'; kills: KillPoint[]; seed: number }) {
  const name = `admit_crash_${randomBytes(5).toString('hex')}`;
  await withAdmin(url!, (admin) => admin.query(`create database ${name}`));
  const target = new URL(url!);
  target.pathname = `/${name}`;
  const env = {
    DATABASE_URL: target.toString(),
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    PAYMENT_SETTLE_POLL_MS: '200',
    PAYMENT_LEASE_MS: '1000',
    PAYMENT_RECOVERY: options.recovery,
    MAIL_POLL_MS: '0',
  };
  const random = seededRandom(options.seed);
  const db = new pg.Client({ connectionString: target.toString() });
  let server: ServerProcess | null = null;
  try {
    server = await startServerProcess(env);
    await db.connect();
    const place = await findTarget(db);
    const attempts: Attempt[] = [];
    const openAtKill: number[] = [];
    for (const [round, want] of options.kills.entries()) {
      const batch: Attempt[] = [];
      for (let i = 0; i < BURST; i++) {
        batch.push(await prepareCheckout(server.baseUrl, place, attempts.length + i));
      }
      attempts.push(...batch);
      const live = server;
      const inFlight = batch.map((a) => fireCheckout(live.baseUrl, a));
      // a seeded point inside the burst: once `threshold` of its keys are claimed and some
      // are still open (a request between its claim and its answer), kill
      const threshold = 1 + Math.floor(random() * (BURST / 2));
      const open = await freezeWithOpenKeys(server, db, batch, threshold, want);
      await server.kill();
      openAtKill.push(open);
      await Promise.all(inFlight);
      if (open === 0) throw new Error(`round ${round}: the kill found no request in flight`);
      server = await startServerProcess(env);
    }
    const base = server.baseUrl;
    const deadline = Date.now() + 15_000;
    const answers: Answer[] = await Promise.all(
      attempts.map((a) => retryUntilFinal(base, a, options.recovery === 'on' ? deadline : 0)),
    );
    // a few recovery passes (every 200 ms) for payments nobody retried in between
    await new Promise((r) => setTimeout(r, 1_500));
    const states = await db.query<{ state: string; n: string }>(
      'select state, count(*) as n from payment group by state order by state',
    );
    // what the kills left for the recovery to do (visible in the CI log)
    console.info(
      `crash run (recovery ${options.recovery}): keys open at each kill ${openAtKill.join(', ')}; answers`,
      answers.map((a) => a.status).join(' '),
      'payments',
      states.rows.map((r) => `${r.state}=${r.n}`).join(' '),
    );
    return await violations(db, place.sessionId, attempts, answers);
  } finally {
    await db.end().catch(() => undefined);
    await server?.stop();
    await withAdmin(url!, (admin) => admin.query(`drop database if exists ${name} with (force)`));
  }
}

describe.skipIf(!url)('checkout survives kill -9 (PostgreSQL, real server process)', () => {
  it('every charged payment ends in one order or one refund; every retry gets the final answer', async () => {
    expect(await crashRun({ recovery: 'on', kills: ['open', 'charged'], seed: 12 })).toEqual([]);
  }, 240_000);

  it('control: without recovery the same check finds requests stuck and money stranded', async () => {
    const found = await crashRun({ recovery: 'off', kills: ['charged'], seed: 12 });
    console.info('control found:', found);
    expect(found.length).toBeGreaterThan(0);
  }, 180_000);
});
