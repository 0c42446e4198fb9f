import { createHmac, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '@/db/connection';
import { sandboxTokenUse, serverKey } from '@/db/schema/payments';

/**
 * Where sandbox card tokens get their signing key and their one payment (decision 0027,
 * "Update (issue 22)"). The key is derived from AUTH_SECRET when configured; else it is drawn
 * once and kept in the database (`server_key`), so a restarted process, or a second one on the
 * same database, accepts the tokens the first issued — a per-process key made the retry of an
 * uncharged attempt after a restart answer "card declined".
 */

const KEY_NAME = 'sandbox-token';
let configuredKey: Buffer | null = null;
const storedKeys = new WeakMap<Db, Promise<Buffer>>();

/** Sets the key of sandbox tokens from AUTH_SECRET (buildApp, when configured). */
export function setSandboxTokenSecret(secret: string): void {
  configuredKey = createHmac('sha256', secret).update('admit:sandbox-token').digest();
}

/** The first process draws the key; every later one (one conditional insert) reads it. */
async function loadStoredKey(db: Db): Promise<Buffer> {
  await db
    .insert(serverKey)
    .values({ name: KEY_NAME, secret: randomBytes(32).toString('hex') })
    .onConflictDoNothing();
  const [row] = await db.select().from(serverKey).where(eq(serverKey.name, KEY_NAME));
  if (!row) throw new Error('the sandbox token key could not be stored');
  return Buffer.from(row.secret, 'hex');
}

/** The key sandbox tokens are signed with: AUTH_SECRET's, else the database's. */
export function sandboxTokenKey(db: Db): Promise<Buffer> {
  if (configuredKey) return Promise.resolve(configuredKey);
  let key = storedKeys.get(db);
  if (!key) {
    key = loadStoredKey(db);
    storedKeys.set(db, key);
    key.catch(() => storedKeys.delete(db)); // a failed read is tried again next time
  }
  return key;
}

/**
 * Binds a token to the payment confirming it (one insert; the primary key decides a race):
 * true when it is this payment's — the first use, or the same payment confirmed again — false
 * when another payment used it first.
 */
export async function claimSandboxToken(db: Db, token: string, paymentId: string) {
  await db.insert(sandboxTokenUse).values({ token, paymentId }).onConflictDoNothing();
  const [row] = await db
    .select({ paymentId: sandboxTokenUse.paymentId })
    .from(sandboxTokenUse)
    .where(eq(sandboxTokenUse.token, token));
  return row?.paymentId === paymentId;
}
