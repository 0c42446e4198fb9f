// `npm run cluster`: several compiled API nodes on one PostgreSQL, behind pgbouncer (transaction
// pooling) and nginx, on this machine (issue #28, decision 0090). It builds when the build is
// stale, creates the database when missing, migrates it once, starts the nodes, pgbouncer and
// nginx as children (their configuration written into a temp folder), prints the address, and on
// Ctrl-C (SIGINT) or SIGTERM stops nginx, then the nodes (each finishes its requests), then
// pgbouncer; SIGUSR2 restarts the nodes one at a time (`ADMIT_CLUSTER_RESTARTED` when done).
// It installs nothing: without nginx or pgbouncer it says how to install them.
//
//   npm run cluster -- [--nodes 2] [--port 8080] [--database admit_cluster]
//                      [--pg postgres://postgres@127.0.0.1:5432/postgres] [--replica | --standby]
//
// --replica (decision 0097): instead of --pg, the script starts a PostgreSQL primary of its own
// and a streaming replica of it (pg_basebackup, scripts/cluster-postgres.mjs); the nodes read
// their /cached_api reads from the replica through pgbouncer (DATABASE_READ_URL, its database
// `<name>_replica` there). Every node LISTENs for cache notices on a direct connection to the
// primary (DATABASE_LISTEN_URL), with or without it. --standby starts the same primary and
// replica but the nodes read nothing from it (a standby kept for failover only; the bench's
// control beside --replica, on the same primary).
//   node scripts/cluster.mjs --write-deploy   (rewrites deploy/nginx and deploy/pgbouncer)
//   node scripts/cluster.mjs --check-deploy   (exits 1 when they differ from what it writes)
//   node scripts/cluster.mjs --check-programs [--replica] (exits 1 without nginx or pgbouncer,
//                                             or with --replica PostgreSQL's binaries)
//
// The environment is passed to every node (SMTP_URL, NODE_ENV, …); the script sets DATABASE_URL
// (through pgbouncer), PORT, HOST, and, unless given, TRUST_PROXY=1, PUBLIC_URL and a shared
// AUTH_SECRET. Only the first node seeds the demo (SEED_DEMO). When ready it prints one line
// `ADMIT_CLUSTER {json}` with the addresses, for tests.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  BROTLI_STATIC_MODULE,
  nginxMainConfig,
  nginxSiteConfig,
  pgbouncerConfig,
  replicaAlias,
  syncDeployConfigs,
} from './cluster-config.mjs';
import {
  accepts,
  answers,
  findProgram,
  freePort,
  sleep,
  startChild as startChildProcess,
  stopChild,
  restartInTurn,
  unprivilegedUser,
} from './cluster-processes.mjs';
import { nginxControl } from './cluster-nginx.mjs';
import { postgresBinDir, startPrimaryAndReplica } from './cluster-postgres.mjs';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const storefrontDist = join(root, 'apps/storefront/dist');

const { values: args } = parseArgs({
  options: {
    nodes: { type: 'string', default: '2' },
    port: { type: 'string', default: '8080' },
    database: { type: 'string', default: 'admit_cluster' },
    pg: {
      type: 'string',
      default: process.env.CLUSTER_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    },
    'write-deploy': { type: 'boolean', default: false },
    'check-deploy': { type: 'boolean', default: false },
    'check-programs': { type: 'boolean', default: false },
    replica: { type: 'boolean', default: false },
    standby: { type: 'boolean', default: false },
  },
});
// --standby: the same primary and replica as --replica, the nodes' reads kept on the primary
const ownPostgres = args.replica || args.standby;

if (args['check-programs']) {
  const found = findProgram('nginx') && findProgram('pgbouncer');
  process.exit(found && (!ownPostgres || postgresBinDir()) ? 0 : 1);
}
if (args['write-deploy'] || args['check-deploy']) {
  const stale = syncDeployConfigs(root, { write: args['write-deploy'] });
  if (stale.length > 0) {
    fail(
      `${stale.join(' and ')} differ from scripts/cluster-config.mjs: run it with --write-deploy.`,
    );
  }
  process.exit(0);
}

const nodeCount = Number(args.nodes);
if (!Number.isInteger(nodeCount) || nodeCount < 1) fail('--nodes must be a whole number ≥ 1.');
if (!/^[a-z_][a-z0-9_]{0,62}$/.test(args.database)) {
  fail('--database must be a lower-case PostgreSQL name (letters, digits, _).');
}

/** Prints one sentence and exits 1. */
function fail(message) {
  console.error(`npm run cluster: ${message}`);
  process.exit(1);
}

async function waitFor(what, check, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (stopping) throw new Error('stopped');
    if (await check().catch(() => false)) return;
    // not more often: each refused /ready is a logged 503 on a node still migrating or seeding
    await sleep(1000);
  }
  throw new Error(`${what} did not come up within ${timeoutMs / 1000} s`);
}

const children = [];
let stopping = false;

/** A child of the cluster; one that exits unasked stops the whole cluster. */
function startChild(name, command, commandArgs, env = process.env, user = {}) {
  const entry = startChildProcess({
    name,
    command,
    args: commandArgs,
    cwd: root,
    env,
    user,
    onUnexpectedExit: (_entry, how) => {
      if (stopping) return;
      console.error(`[${name}] exited (${how}) — stopping the cluster`);
      void stopAll(1);
    },
  });
  children.push(entry);
  return entry;
}

let workDir;
/** nginx first (no new requests), then the nodes (in-flight requests finish), then pgbouncer. */
async function stopAll(code) {
  if (stopping) return;
  stopping = true;
  const named = (prefix) => children.filter((c) => c.name.startsWith(prefix));
  await Promise.all(named('nginx').map((c) => stopChild(c, 'SIGQUIT', 10_000)));
  await Promise.all(named('node').map((c) => stopChild(c, 'SIGTERM', 15_000)));
  await Promise.all(named('pgbouncer').map((c) => stopChild(c, 'SIGINT', 5_000)));
  // the replica before its primary (SIGINT: PostgreSQL's fast shutdown)
  await Promise.all(named('pg-replica').map((c) => stopChild(c, 'SIGINT', 10_000)));
  await Promise.all(named('pg-primary').map((c) => stopChild(c, 'SIGINT', 10_000)));
  if (workDir) rmSync(workDir, { recursive: true, force: true });
  process.exit(code);
}
// a second Ctrl-C while stopping is ignored: stopAll already escalates to SIGKILL on its own
process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));

/** Each node as started: its name, port and environment (a rolling restart starts it again). */
const nodeSpecs = [];
const startNode = (spec) =>
  startChild(
    spec.name,
    process.execPath,
    ['--max-semi-space-size=2', join(root, 'apps/api/dist/main.mjs')],
    spec.env,
  );
const nodeReady = (spec) =>
  waitFor(spec.name, () => answers(`http://127.0.0.1:${spec.port}/ready`), 180_000);

// nginx as started (main), to mark a node down in it for the rolling restart
let nginxRun = null;
const setDown = (spec, down) => nginxRun?.setDown(`127.0.0.1:${spec.port}`, down);

// SIGUSR2: the rolling restart (decision 0090), one node at a time; a new build goes live
let restarting = false;
process.on('SIGUSR2', () => {
  if (restarting || stopping || nodeSpecs.length === 0) return;
  restarting = true;
  restartInTurn(nodeSpecs, {
    running: (spec) => children.findLast((c) => c.name === spec.name),
    start: startNode,
    ready: nodeReady,
    cancelled: () => stopping,
    takeOut: (spec) => setDown(spec, true),
    putBack: (spec) => setDown(spec, false),
  })
    .then((restarted) => restarted && console.log('ADMIT_CLUSTER_RESTARTED'))
    .catch((error) => {
      if (stopping) return;
      console.error(`npm run cluster: the restart failed: ${error.message}`);
      void stopAll(1);
    })
    .finally(() => (restarting = false));
});

async function main() {
  const nginx = findProgram('nginx');
  const pgbouncer = findProgram('pgbouncer');
  if (!nginx || !pgbouncer) {
    fail(
      `${[!nginx && 'nginx', !pgbouncer && 'pgbouncer'].filter(Boolean).join(' and ')} not found: ` +
        'install them (Debian: apt-get update && apt-get install -y nginx pgbouncer) and run again.',
    );
  }

  const build = spawnSync(process.execPath, [join(root, 'scripts/build.mjs'), '--if-stale'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) fail('the build failed (see above).');

  workDir = mkdtempSync(join(tmpdir(), 'admit-cluster-'));
  // pgbouncer refuses to run as root: it drops to postgres (or nobody), who must read the files
  chmodSync(workDir, 0o755);
  const asRoot = process.getuid?.() === 0;
  for (const dir of ['client-body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    mkdirSync(join(workDir, dir));
  }

  // --replica: a primary and a streaming replica of the script's own (decision 0097)
  const own = ownPostgres ? await startPrimaryAndReplica({ workDir, startChild, waitFor }) : null;
  const server = own?.primary ?? args.pg;

  // the database: created when missing, migrated once on a direct connection; pg loaded here,
  // as --write-deploy runs before `npm ci` has installed it
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: server });
  await admin.connect().catch((error) => fail(`PostgreSQL at ${server}: ${error.message}.`));
  const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [
    args.database,
  ]);
  if (rowCount === 0) await admin.query(`create database ${args.database}`);
  await admin.end();
  const pgUrl = new URL(server);
  const direct = new URL(server);
  direct.pathname = `/${args.database}`;
  // the replica has the database as soon as the primary's create has been replayed
  const replicaUrl = own && new URL(own.replica);
  if (replicaUrl) replicaUrl.pathname = `/${args.database}`;

  const port = args.port === '0' ? await freePort() : Number(args.port);
  const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${port}`;
  const migrate = spawnSync(process.execPath, [join(root, 'apps/api/dist/migrate-cli.mjs')], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: direct.toString(), PUBLIC_URL: publicUrl },
    stdio: 'inherit',
  });
  if (migrate.status !== 0) fail('the migration failed (see above).');

  const bouncerPort = await freePort();
  const user = decodeURIComponent(pgUrl.username || 'postgres');
  writeFileSync(
    join(workDir, 'userlist.txt'),
    `"${user}" "${decodeURIComponent(pgUrl.password)}"\n`,
  );
  writeFileSync(
    join(workDir, 'pgbouncer.ini'),
    pgbouncerConfig({
      listenPort: bouncerPort,
      pgHost: pgUrl.hostname,
      pgPort: Number(pgUrl.port || 5432),
      // the local PostgreSQL trusts loopback (README "Cluster"); production uses scram-sha-256
      authType: pgUrl.password ? 'plain' : 'trust',
      authFile: join(workDir, 'userlist.txt'),
      poolSize: 20,
      maxClients: 50 * nodeCount,
      quiet: true,
      statsUser: user,
      ...(replicaUrl
        ? {
            replica: {
              database: args.database,
              host: replicaUrl.hostname,
              port: Number(replicaUrl.port || 5432),
            },
          }
        : {}),
    }),
  );
  chmodSync(join(workDir, 'pgbouncer.ini'), 0o644);
  chmodSync(join(workDir, 'userlist.txt'), 0o644);
  startChild('pgbouncer', pgbouncer, [
    ...(asRoot ? ['-u', unprivilegedUser()] : []),
    join(workDir, 'pgbouncer.ini'),
  ]);
  await waitFor('pgbouncer', () => accepts(bouncerPort), 15_000);

  const pooled = new URL(direct);
  pooled.port = String(bouncerPort);
  pooled.hostname = '127.0.0.1';
  // the cached reads go to the replica through pgbouncer too (its own database name there)
  const pooledReplica = replicaUrl && !args.standby && new URL(pooled);
  if (pooledReplica) pooledReplica.pathname = `/${replicaAlias(args.database)}`;
  const authSecret = process.env.AUTH_SECRET ?? randomBytes(32).toString('hex');
  const nodePorts = [];
  for (let i = 1; i <= nodeCount; i++) {
    const nodePort = await freePort();
    nodePorts.push(nodePort);
    const spec = {
      name: `node${i}`,
      port: nodePort,
      env: {
        // two malloc arenas, as npm start and the deploy units run (decision 0102)
        MALLOC_ARENA_MAX: '2',
        ...process.env,
        DATABASE_URL: pooled.toString(),
        // the cache notices' LISTEN: never through pgbouncer (decision 0097)
        DATABASE_LISTEN_URL: direct.toString(),
        ...(pooledReplica ? { DATABASE_READ_URL: pooledReplica.toString() } : {}),
        PORT: String(nodePort),
        HOST: '127.0.0.1',
        PUBLIC_URL: publicUrl,
        // nginx on loopback appends the visitor's address: the last X-Forwarded-For entry
        TRUST_PROXY: process.env.TRUST_PROXY ?? '1',
        // one SSO state key for all nodes: a login started on one ends on another
        AUTH_SECRET: authSecret,
        // the first node seeds the demo; two seeding one empty database would collide
        SEED_DEMO: i === 1 ? (process.env.SEED_DEMO ?? 'true') : 'false',
      },
    };
    nodeSpecs.push(spec);
    startNode(spec);
  }
  await Promise.all(nodeSpecs.map(nodeReady));

  const brotli = existsSync(BROTLI_STATIC_MODULE);
  const siteOptions = {
    nodes: nodePorts.map((p) => `127.0.0.1:${p}`),
    listen: `127.0.0.1:${port}`,
    storefrontDist,
    brotli,
    upstreamHeader: true,
  };
  const site = nginxSiteConfig(siteOptions);
  const mainOptions = { prefix: workDir, brotli };
  writeFileSync(join(workDir, 'nginx.conf'), nginxMainConfig({ ...mainOptions, site }));
  const nginxArgs = ['-e', 'stderr', '-p', workDir, '-c', join(workDir, 'nginx.conf')];
  const nginxEntry = startChild('nginx', nginx, nginxArgs);
  nginxRun = nginxControl({
    program: nginx,
    args: nginxArgs,
    confPath: join(workDir, 'nginx.conf'),
    site: siteOptions,
    main: mainOptions,
    pid: nginxEntry.child.pid,
    stopping: () => stopping,
  });
  await waitFor('nginx', () => answers(`http://127.0.0.1:${port}/ready`), 15_000);

  const cluster = {
    url: `http://127.0.0.1:${port}`,
    nodes: nodePorts.map((p) => `http://127.0.0.1:${p}`),
    pgbouncer: pooled.toString(),
    database: direct.toString(),
    ...(replicaUrl ? { replica: replicaUrl.toString() } : {}),
  };
  console.log(
    `Admit cluster: ${publicUrl} → nginx → ${nodeCount} nodes → pgbouncer → ${direct}` +
      (replicaUrl
        ? args.standby
          ? ` (standby, not read: ${replicaUrl})`
          : ` (cached reads: replica ${replicaUrl})`
        : ''),
  );
  console.log(`ADMIT_CLUSTER ${JSON.stringify(cluster)}`);
  console.log('Ctrl-C stops it.');
}

main().catch((error) => {
  if (stopping) return;
  console.error(`npm run cluster: ${error instanceof Error ? error.message : error}`);
  void stopAll(1);
});
