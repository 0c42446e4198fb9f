import { mkdir } from 'node:fs/promises';
import { loadConfig } from '@/config';
import { fromRepoRoot } from '@/repo-root';
import { openDatabase } from './db/connection';

/** `npm run db:migrate`: applies pending migrations to DATABASE_URL or the PGlite DATA_DIR. */
async function migrateCli() {
  const config = loadConfig();
  const dataDir = fromRepoRoot(config.DATA_DIR);
  if (!config.DATABASE_URL && !dataDir.includes('://')) await mkdir(dataDir, { recursive: true });
  const database = await openDatabase(
    config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir },
  );
  try {
    await database.migrate();
    console.log(
      `Migrations applied (${config.DATABASE_URL ? 'PostgreSQL' : `PGlite at ${dataDir}`}).`,
    );
  } finally {
    await database.close();
  }
}

migrateCli().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
