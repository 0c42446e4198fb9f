import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { loadConfig } from '@/config';
import { openDatabase, type Database, type Db } from '@/db/connection';
import { fromRepoRoot } from '@/repo-root';

/**
 * What a `npm run seller -- …` command works with: where to write, the database (opened from
 * the server's own environment: DATABASE_URL, or the PGlite DATA_DIR, migrations applied), the
 * clock, and the folder the command was typed in (npm runs scripts in the workspace's folder).
 */
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  db: Db;
  now: () => Date;
  /** a path the user typed, resolved against the folder they typed it in */
  resolvePath: (path: string) => string;
}

/** Opens the CLI's database and writers; `close` ends the connection. */
export async function openCliIo(): Promise<CliIo & { close: () => Promise<void> }> {
  const config = loadConfig();
  const dataDir = fromRepoRoot(config.DATA_DIR);
  if (!config.DATABASE_URL && !dataDir.includes('://')) await mkdir(dataDir, { recursive: true });
  const database: Database = await openDatabase(
    config.DATABASE_URL ? { url: config.DATABASE_URL, poolSize: 2 } : { dataDir },
  );
  await database.migrate();
  const typedIn = process.env.INIT_CWD ?? process.cwd();
  return {
    stdout: (text) => process.stdout.write(text.endsWith('\n') ? text : `${text}\n`),
    stderr: (text) => process.stderr.write(text.endsWith('\n') ? text : `${text}\n`),
    db: database.db,
    now: () => new Date(),
    resolvePath: (path) => resolve(typedIn, path),
    close: () => database.close(),
  };
}
