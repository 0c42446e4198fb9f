import { mkdir } from 'node:fs/promises';
import { z } from 'zod';
import { loadConfig, type AppConfig } from '@/config';
import { openDatabase, type Database, type Db } from '@/db/connection';
import { DataDirInUseError } from '@/db/data-dir-lock';
import { clientStaffKey, staffKeyPath } from '@/modules/staff-api/staff-key';
import { fromRepoRoot } from '@/repo-root';
import { staffClient, serverAnswers } from './staff-client';
import { CliFailure, directStaffOps, type StaffOps } from './staff-ops';

/**
 * What a `npm run seller -- …` command gets: where to write, and who does the work (decision
 * 0074): the running server's staff API when one answers, else the database the server uses
 * (the same env: DATABASE_URL, else PGlite at DATA_DIR), migrated. Tests pass their own.
 */
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  now: () => Date;
  /** the database, when the CLI opened it itself (no server answered) */
  database?: Database;
  db?: Db;
  /** the running server's staff API, when one answered */
  remote?: StaffOps;
}

/** Who does a command's work: the server when it answered, else the database itself. */
export function staffOf(io: CliIo): StaffOps {
  if (io.remote) return io.remote;
  if (!io.db) throw new Error('the CLI has neither a server nor a database');
  return directStaffOps(io.db, io.now);
}

/** The server the CLI asks first: `--server`, else ADMIT_URL, else this machine's own. */
export function serverUrl(config: AppConfig, option?: string): string {
  const given = option ?? process.env.ADMIT_URL;
  if (given) {
    const parsed = z.url().safeParse(given);
    if (!parsed.success)
      throw new CliFailure(
        `The server address ${given} is not a URL (e.g. http://localhost:3000).`,
      );
    return parsed.data.replace(/\/+$/, '');
  }
  const host = ['0.0.0.0', '::', ''].includes(config.HOST) ? '127.0.0.1' : config.HOST;
  return `http://${host.includes(':') ? `[${host}]` : host}:${config.PORT}`;
}

const processIo = {
  stdout: (text: string) => process.stdout.write(text),
  stderr: (text: string) => process.stderr.write(text),
};

/** The CLI's io over the process: the running server's staff API, else the configured database. */
export async function openCliIo(
  options: { server?: string } = {},
): Promise<{ io: CliIo; close: () => Promise<void> }> {
  const config = loadConfig();
  const baseUrl = serverUrl(config, options.server);
  if (await serverAnswers(baseUrl)) {
    const key = await clientStaffKey(config);
    if (!key) {
      const path = staffKeyPath(config);
      throw new CliFailure(
        `A server answers at ${baseUrl}, but there is no staff key to send it: ` +
          (path
            ? `run the command as the server's user (the server keeps its key in ${path}), or set STAFF_KEY.`
            : 'set STAFF_KEY to the server’s.'),
      );
    }
    const io: CliIo = { ...processIo, now: () => new Date(), remote: staffClient(baseUrl, key) };
    return { io, close: async () => {} };
  }
  const database = await openOwnDatabase(config, baseUrl);
  const io: CliIo = { ...processIo, database, db: database.db, now: () => new Date() };
  return { io, close: () => database.close() };
}

/** The database itself, when no server answered: a held one or an unreachable one is a sentence. */
async function openOwnDatabase(config: AppConfig, baseUrl: string): Promise<Database> {
  const dataDir = fromRepoRoot(config.DATA_DIR);
  try {
    if (!config.DATABASE_URL && !dataDir.includes('://')) await mkdir(dataDir, { recursive: true });
    const database = await openDatabase(
      config.DATABASE_URL ? { url: config.DATABASE_URL, poolSize: 2 } : { dataDir },
    );
    await database.migrate().catch(async (error: unknown) => {
      await database.close();
      throw error;
    });
    return database;
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      throw new CliFailure(
        `No server answers at ${baseUrl} (give its address with --server or ADMIT_URL). ${error.message}`,
      );
    }
    const where = config.DATABASE_URL ? 'the PostgreSQL database (DATABASE_URL)' : dataDir;
    const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new CliFailure(
      `No server answers at ${baseUrl}, and ${where} could not be opened: ${message || (error as { code?: string }).code}.`,
    );
  }
}
