import { mkdir } from 'node:fs/promises';
import { loadConfig } from '@/config';
import { openDatabase, type Database, type Db } from '@/db/connection';
import { fromRepoRoot } from '@/repo-root';

/**
 * What a `npm run seller -- …` command gets: where to write, and the database the server uses
 * (the same env: DATABASE_URL, else PGlite at DATA_DIR), migrated. Tests pass their own.
 */
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  database: Database;
  db: Db;
  now: () => Date;
}

/** The CLI's io over the process: stdout/stderr and the configured database. */
export async function openCliIo(): Promise<{ io: CliIo; close: () => Promise<void> }> {
  const config = loadConfig();
  const dataDir = fromRepoRoot(config.DATA_DIR);
  if (!config.DATABASE_URL && !dataDir.includes('://')) await mkdir(dataDir, { recursive: true });
  const database = await openDatabase(
    config.DATABASE_URL ? { url: config.DATABASE_URL, poolSize: 2 } : { dataDir },
  );
  await database.migrate();
  const io: CliIo = {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    database,
    db: database.db,
    now: () => new Date(),
  };
  return { io, close: () => database.close() };
}
