// Throwaway measurement of the SSR trial against the current page host (issue #23, decision
// 0053). Per round, interleaved: the current host, then the trial (API with its host off + the
// trial server): start-up to the first drawn listing, Lighthouse mobile on the listing (cold
// browser cache, as bench/lighthouse.ts), hydration in Chromium at 4x CPU slowdown, resident
// memory. Reuses the bench's and e2e's helpers; prints JSON lines and a median table.
// Run: npx tsx bench/ssr-trial/measure.ts [rounds]
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { loadavg } from 'node:os';
import { repoRoot } from '../../e2e/support/paths';
import { freePort, startServer, type RunningServer } from '../../e2e/support/server';
import { benchTmpDir } from '../paths';
import { storefrontImageUrls, waitForStoredImages } from '../stored-images';
import { measureStartup } from '../startup';
import { audit, hydration, lighthouseBrowser, median, pidOfPort, rssMb } from './probes';

const ROUNDS = Number(process.argv[2] ?? 3);
// which to measure, in this order each round: current, trial, trial-after-paint (the trial with
// the host's own "code after the first frame" script borrowed); start-up off with --no-startup
const TARGETS = (process.argv[3] ?? 'current,trial').split(',') as Target[];
const STARTUP = !process.argv.includes('--no-startup');
const PAGE = '/demo-museum/events';
const tmp = join(benchTmpDir, 'ssr-trial');
mkdirSync(tmp, { recursive: true });

type Target = 'current' | 'trial' | 'trial-after-paint';
interface Sample {
  target: Target;
  round: number;
  startupMs: number;
  performance: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  bytes: number;
  jsBytes: number;
  hydratedMs: number;
  rssMb: number;
  load: number;
}

function spawnTrial(apiOrigin: string, port: number, afterPaint = false): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'bench/ssr-trial/server.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      API_ORIGIN: apiOrigin,
      PORT: String(port),
      TRIAL_AFTER_PAINT: afterPaint ? '1' : '0',
    },
    stdio: 'ignore',
    detached: true,
  });
}

async function waitDrawn(url: string, deadlineMs = 120_000): Promise<void> {
  const started = performance.now();
  for (;;) {
    if (performance.now() - started > deadlineMs) throw new Error(`${url} never answered`);
    const text = await fetch(url).then(
      async (r) => (r.ok ? r.text() : ''),
      () => '',
    );
    if (text.includes('data-server-render')) return;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** `npm start` (the API, its page host off) and the trial server, spawned together. */
async function trialStartup(dataDir: string): Promise<number> {
  const apiPort = await freePort();
  const port = await freePort();
  const started = performance.now();
  const apiChild = spawn('npm', ['start'], {
    cwd: repoRoot,
    detached: true,
    stdio: 'ignore',
    env: {
      ...process.env,
      PORT: String(apiPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      MAIL_POLL_MS: '0',
      PAYMENT_SETTLE_POLL_MS: '0',
      STOREFRONT_SSR_BUDGET_MS: '0',
    },
  });
  const trial = spawnTrial(`http://127.0.0.1:${apiPort}`, port);
  try {
    await waitDrawn(`http://127.0.0.1:${port}${PAGE}`);
    return performance.now() - started;
  } finally {
    for (const child of [trial, apiChild]) await stopGroup(child);
  }
}

async function stopGroup(child: ChildProcess) {
  const gone = new Promise((r) => child.once('exit', r));
  try {
    process.kill(-child.pid!, 'SIGTERM');
  } catch {
    return;
  }
  await gone;
  // npm exits before its API has let go of the data folder's lock
  for (let i = 0; i < 300; i++) {
    try {
      process.kill(-child.pid!, 0);
    } catch {
      return;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  process.kill(-child.pid!, 'SIGKILL');
}

async function trialStartupMedian(): Promise<number> {
  const dataDir = join(tmp, 'startup-pglite');
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  await trialStartup(dataDir); // seeds; not counted, as bench/startup.ts
  const runs: number[] = [];
  for (let i = 0; i < 5; i++) runs.push(await trialStartup(dataDir));
  console.log(`trial start-up runs: ${runs.map((r) => Math.round(r)).join(', ')} ms`);
  return median(runs);
}

async function warmServer(server: RunningServer) {
  await waitForStoredImages(
    server.baseUrl,
    await storefrontImageUrls(server.baseUrl, 'demo-museum'),
  );
}

async function measureCurrent(round: number): Promise<Sample> {
  const load = loadavg()[0]!;
  const startupMs = STARTUP ? (await measureStartup()).medianMs : Number.NaN;
  const server = await startServer({
    logDir: tmp,
    logName: 'current.log',
    env: { IMAGE_WARM_MS: '20' },
  });
  try {
    await warmServer(server);
    const url = server.baseUrl + PAGE;
    const lh = await lighthouseBrowser((port) => audit(port, url));
    const hydratedMs = await hydration(url);
    const rss = rssMb(pidOfPort(Number(new URL(server.baseUrl).port)));
    return { target: 'current', round, startupMs, ...lh, hydratedMs, rssMb: rss, load };
  } finally {
    await server.stop();
  }
}

async function measureTrial(round: number, afterPaint = false): Promise<Sample> {
  const load = loadavg()[0]!;
  const startupMs = STARTUP ? await trialStartupMedian() : Number.NaN;
  const server = await startServer({
    logDir: tmp,
    logName: 'trial-api.log',
    env: { IMAGE_WARM_MS: '20', STOREFRONT_SSR_BUDGET_MS: '0' },
  });
  const port = await freePort();
  const trial = spawnTrial(server.baseUrl, port, afterPaint);
  try {
    const url = `http://127.0.0.1:${port}${PAGE}`;
    await waitDrawn(url);
    await warmServer(server);
    const lh = await lighthouseBrowser((p) => audit(p, url));
    const hydratedMs = await hydration(url);
    const api = rssMb(pidOfPort(Number(new URL(server.baseUrl).port)));
    const own = rssMb(pidOfPort(port));
    console.log(`trial RSS: API ${api.toFixed(0)} MB + trial server ${own.toFixed(0)} MB`);
    const target = afterPaint ? 'trial-after-paint' : 'trial';
    return { target, round, startupMs, ...lh, hydratedMs, rssMb: api + own, load };
  } finally {
    await stopGroup(trial);
    await server.stop();
  }
}

const samples: Sample[] = [];
for (let round = 1; round <= ROUNDS; round++) {
  for (const target of TARGETS) {
    const sample =
      target === 'current'
        ? await measureCurrent(round)
        : await measureTrial(round, target === 'trial-after-paint');
    samples.push(sample);
    console.log(JSON.stringify(sample));
  }
}
const keys = [
  'performance',
  'fcpMs',
  'lcpMs',
  'tbtMs',
  'cls',
  'bytes',
  'jsBytes',
  'startupMs',
  'hydratedMs',
  'rssMb',
] as const;
for (const target of TARGETS) {
  const mine = samples.filter((s) => s.target === target);
  const cells = keys.map((k) => {
    const values = mine.map((s) => s[k]);
    return `${k} ${median(values).toFixed(k === 'cls' ? 3 : 0)} [${Math.min(...values).toFixed(k === 'cls' ? 3 : 0)}–${Math.max(...values).toFixed(k === 'cls' ? 3 : 0)}]`;
  });
  console.log(`${target}: ${cells.join(', ')}`);
}
