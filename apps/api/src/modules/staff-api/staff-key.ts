import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { chmod, mkdir, open, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { AppConfig } from '@/config';
import { fromRepoRoot } from '@/repo-root';

/**
 * The server's staff key (decision 0074): it opens the seller API's staff routes for every
 * seller, as the database itself opens them to the CLI. STAFF_KEY when set (several servers, or
 * a CLI on another machine); else a file the server makes at first start with mode 0600 and
 * keeps, so every process started with the same environment (the CLI included) reads the same
 * key, and only the account that runs the server can.
 */

type KeyConfig = Pick<AppConfig, 'STAFF_KEY' | 'STAFF_KEY_FILE' | 'DATA_DIR'>;

const KEY_PREFIX = 'adm_staff_';
const OWNER_ONLY = 0o600;

/** Where the key file is: STAFF_KEY_FILE, else `staff-key` beside the PGlite folder; null in memory. */
export function staffKeyPath(config: KeyConfig): string | null {
  if (config.STAFF_KEY_FILE) return fromRepoRoot(config.STAFF_KEY_FILE);
  const dataDir = fromRepoRoot(config.DATA_DIR);
  return dataDir.includes('://') ? null : join(dirname(dataDir), 'staff-key');
}

const keyIn = (text: string) => {
  const key = text.trim();
  return key.length >= 32 ? key : null;
};

/** The key the server accepts: STAFF_KEY, else the file's, made (0600) when missing. */
export async function serverStaffKey(config: KeyConfig): Promise<string> {
  if (config.STAFF_KEY) return config.STAFF_KEY;
  const path = staffKeyPath(config);
  const fresh = `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  if (!path) return fresh;
  await mkdir(dirname(path), { recursive: true });
  try {
    // `wx`: two servers starting at once make one file, and the second reads it
    const handle = await open(path, 'wx', OWNER_ONLY);
    await handle.writeFile(`${fresh}\n`);
    await handle.close();
    return fresh;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  // kept from an earlier start; narrowed again in case someone widened it
  await chmod(path, OWNER_ONLY);
  const kept = keyIn(await readFile(path, 'utf8'));
  if (kept) return kept;
  throw new Error(`${path} holds no staff key: delete it and start the server again`);
}

/** The key a client sends: STAFF_KEY, else the server's file; null when neither is there. */
export async function clientStaffKey(config: KeyConfig): Promise<string | null> {
  if (config.STAFF_KEY) return config.STAFF_KEY;
  const path = staffKeyPath(config);
  if (!path) return null;
  return readFile(path, 'utf8').then(keyIn, () => null);
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether `given` is the staff key, in time that does not tell how much of it matched. */
export const isStaffKey = (given: string, key: string) =>
  timingSafeEqual(digest(given), digest(key));
