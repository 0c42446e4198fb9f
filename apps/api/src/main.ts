import { mkdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { clockOf, loadConfig } from './config';
import { openDatabase } from './db/connection';
import { seedDemo } from './demo/seed-demo';
import { assertProductionGateways } from './modules/payments/sandbox-mode';
import { listSellerSlugs } from './modules/sellers/repo';
import { fromRepoRoot } from './repo-root';
import { stopOnSignals } from './shutdown';
import { sanitizeStoredDescriptions } from './modules/seller-file/sanitize-stored-descriptions';
import { runStartUp, waitWhileExists } from './start-up';

/**
 * Starts the server: config, database, listen, then migrations and the demo seed behind the
 * start gate (decision 0082: /health answers at once, everything else 503 until the gate opens,
 * which also starts the jobs), graceful shutdown from the moment it listens.
 */
async function main() {
  const config = loadConfig();
  const dataDir = fromRepoRoot(config.DATA_DIR);
  if (!config.DATABASE_URL && !dataDir.includes('://')) await mkdir(dataDir, { recursive: true });
  // the app's modules load while the database opens: PGlite compiles its WebAssembly on other
  // threads and reads its folder, which overlaps the module graph's reads (decision 0096)
  const [database, { buildApp }] = await Promise.all([
    openDatabase(
      config.DATABASE_URL
        ? {
            url: config.DATABASE_URL,
            readUrl: config.DATABASE_READ_URL,
            replicaWaitMs: config.REPLICA_WAIT_MS,
            directUrl: config.DATABASE_LISTEN_URL,
          }
        : { dataDir },
    ),
    import('./app'),
  ]);
  const now = clockOf(config);
  const app = await buildApp({ config, database, now }, { holdStart: true });
  // `listen` loads the SSR bundle beside the steps below (storefront-host, decision 0072)
  await app.listen({ port: config.PORT, host: config.HOST });
  const port = (app.server.address() as AddressInfo).port;
  let seeded = false;
  const startUp = runStartUp([
    async (signal) => {
      if (config.STARTUP_HOLD_FILE) await waitWhileExists(config.STARTUP_HOLD_FILE, signal);
    },
    (signal) => database.migrate(signal),
    // the descriptions stored before decision 0086, once; a later start only asks
    () => sanitizeStoredDescriptions(database.db).then(() => {}),
    async () => {
      // seedDemo itself only writes into a database without sellers
      if (!config.SEED_DEMO) return;
      seeded = (
        await seedDemo(database.db, {
          now: config.SEED_NOW ?? now(),
          cartHoldMinutes: config.SEED_CART_HOLD_MINUTES,
          walletDir: config.SEED_WALLET_DIR,
        })
      ).seeded;
    },
    // no test card gateway in production unless the seller shows its test mode (issue #12)
    () => assertProductionGateways(database.db, config),
    // the jobs start and the SSR bundle is awaited here (jobs/registry.ts, storefront-host)
    async () => void (await app.startGate.open()),
  ]);
  // SIGTERM / SIGINT: in-flight requests finish, the start-up step in progress ends, jobs hand
  // back claims, a second signal forces
  stopOnSignals(app, database, undefined, startUp);
  app.log.info({ port }, 'Admit API listening: migrating before it takes traffic');
  if (!(await startUp.done)) return;
  app.log.info(
    { database: database.kind, dataDir: config.DATABASE_URL ? undefined : dataDir, seeded },
    'Admit API ready',
  );

  const origin = (config.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  // a stop right after opening may have closed the database: the lines are only a courtesy
  const slugs = await listSellerSlugs(database.db).catch(() => [] as string[]);
  const shown = ['demo-museum', 'harbour-aquarium'].filter((s) => slugs.includes(s));
  for (const slug of shown.length > 0 ? shown : slugs.slice(0, 2)) {
    console.log(`Admit storefront: ${origin}/${slug}/events`);
  }
  if (slugs.length === 0)
    console.log(`Admit API: ${origin}/health (no sellers yet; start with SEED_DEMO=true)`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
