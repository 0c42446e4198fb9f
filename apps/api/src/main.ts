import { mkdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/connection';
import { seedDemo } from './demo/seed-demo';
import { assertProductionGateways } from './modules/payments/sandbox-mode';
import { listSellerSlugs } from './modules/sellers/repo';
import { fromRepoRoot } from './repo-root';
import { stopOnSignals } from './shutdown';

/** Starts the server: config, database, migrations, demo seed, listen (and with it the jobs), graceful shutdown. */
async function main() {
  const config = loadConfig();
  const dataDir = fromRepoRoot(config.DATA_DIR);
  if (!config.DATABASE_URL && !dataDir.includes('://')) await mkdir(dataDir, { recursive: true });
  const database = await openDatabase(
    config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir },
  );
  await database.migrate();
  // seedDemo itself only writes into a database without sellers
  const seeded = config.SEED_DEMO
    ? (
        await seedDemo(database.db, {
          now: config.SEED_NOW ?? new Date(),
          cartHoldMinutes: config.SEED_CART_HOLD_MINUTES,
          walletDir: config.SEED_WALLET_DIR,
        })
      ).seeded
    : false;

  // no test card gateway in production unless the seller shows its test mode (issue #12)
  await assertProductionGateways(database.db, config);
  const app = await buildApp({ config, database });
  await app.listen({ port: config.PORT, host: config.HOST });
  // SIGTERM / SIGINT: in-flight requests finish, jobs hand back claims, a second signal forces
  stopOnSignals(app, database);
  const port = (app.server.address() as AddressInfo).port;
  // the background jobs started with `listen` (onReady) and stop with `app.close()` (jobs/registry.ts)
  app.log.info(
    { database: database.kind, dataDir: config.DATABASE_URL ? undefined : dataDir, seeded },
    'Admit API ready',
  );

  const origin = (config.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  const slugs = await listSellerSlugs(database.db);
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
