import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/db/connection';
import { authThrottle } from '@/db/schema/identity';
import { AppError } from '@/http/app-error';

/**
 * Login abuse limits (ASVS 6.3.1 / 6.6.3, docs/decisions/0013 and 0025), kept in `auth_throttle` so every
 * process agrees. A key counts login attempts; once `limit` have been counted within `windowMs`
 * of each other (the count is forgotten after `windowMs` of quiet), the key is blocked for 2^(count − limit) seconds (at most `maxDelayMs`), and
 * every attempt in that time is refused with 429 — even one with the right password.
 *
 * An attempt is counted *before* the credentials are checked, in one conditional upsert that
 * also refuses while blocked: concurrent guesses queue on the row and cannot slip past the limit.
 * A success then gives its count back (`forgive`) or clears the key (`reset`).
 */
export interface ThrottleRule {
  limit: number;
  windowMs: number;
  maxDelayMs: number;
}

const MINUTE = 60_000;
/** failures of one account from one client address: that address is slowed first */
export const ACCOUNT_ADDRESS_RULE: ThrottleRule = {
  limit: 5,
  windowMs: 15 * MINUTE,
  maxDelayMs: 15 * MINUTE,
};
/**
 * failures of one account from every address (an attacker rotating addresses): from the limit on,
 * only addresses the account has not logged in from lately wait — the owner's known addresses
 * never do (issue #12: a lockout must not lock the owner out)
 */
export const ACCOUNT_RULE: ThrottleRule = {
  limit: 10,
  windowMs: 15 * MINUTE,
  maxDelayMs: 15 * MINUTE,
};
/** failures from one client address across accounts (password spraying) */
export const ADDRESS_RULE: ThrottleRule = {
  limit: 20,
  windowMs: 15 * MINUTE,
  maxDelayMs: 15 * MINUTE,
};
/** how long a successful login makes its address a known one for that account */
export const KNOWN_ADDRESS_MS = 30 * 24 * 60 * MINUTE;

/** The counters of one login attempt (docs/decisions/0013, 0025). */
export interface LoginKeys {
  /** per client address, across accounts */
  address: string;
  /** null when the login names no account (external token) */
  account: string | null;
  accountFromAddress: string | null;
  /** marks the address as one the account has logged in from */
  knownAddress: string | null;
}

const KNOWN_PREFIX = 'login:known:';
export const accountKey = (sellerId: string, who: string) =>
  `login:account:${sellerId}:${who.trim().toLowerCase()}`;
export const addressKey = (ip: string) => `login:address:${ip}`;

/** The keys of a login by `who` (e-mail or member code; null for none) from `ip`. */
export function loginKeys(sellerId: string, who: string | null, ip: string): LoginKeys {
  if (who === null) {
    return { address: addressKey(ip), account: null, accountFromAddress: null, knownAddress: null };
  }
  const account = accountKey(sellerId, who);
  const suffix = `${account.slice('login:account:'.length)}:from:${ip}`;
  return {
    address: addressKey(ip),
    account,
    accountFromAddress: `login:pair:${suffix}`,
    knownAddress: `${KNOWN_PREFIX}${suffix}`,
  };
}

/** The housekeeping purge keeps known-address marks as long as they count (LIKE pattern). */
export const KNOWN_ADDRESS_KEY_PATTERN = `${KNOWN_PREFIX}%`;

type Executor = Pick<Db, 'execute' | 'select' | 'delete' | 'update' | 'insert'>;

/**
 * Counts one attempt on `key`. Returns null when allowed, else the seconds until it may be
 * tried again (the key is blocked; nothing was counted).
 */
export async function takeAttempt(
  db: Executor,
  key: string,
  rule: ThrottleRule,
  now: Date,
): Promise<number | null> {
  const t = authThrottle;
  const forgetBefore = new Date(now.getTime() - rule.windowMs);
  // the count is forgotten after `windowMs` without an attempt — counted from the end of a
  // block, so a delay as long as the window does not itself wipe the count
  const quietSince = sql`coalesce(${t.blockedUntil}, ${t.lastFailureAt})`;
  const forgotten = sql`${quietSince} <= ${forgetBefore}`;
  const count = sql`(CASE WHEN ${forgotten} THEN 1 ELSE ${t.failures} + 1 END)`;
  const maxDelaySeconds = Math.floor(rule.maxDelayMs / 1000);
  const result = await db.execute(sql`
    INSERT INTO ${t} (key, failures, window_started_at, last_failure_at, blocked_until)
    VALUES (${key}, 1, ${now}, ${now}, NULL)
    ON CONFLICT (key) DO UPDATE SET
      failures = ${count},
      window_started_at = CASE WHEN ${forgotten} THEN ${now}
                               ELSE ${t.windowStartedAt} END,
      last_failure_at = ${now},
      blocked_until = CASE WHEN ${count} >= ${rule.limit}
        THEN ${now}::timestamptz + make_interval(secs => least(power(2, ${count} - ${rule.limit}), ${maxDelaySeconds}))
        ELSE NULL END
    WHERE ${t.blockedUntil} IS NULL OR ${t.blockedUntil} <= ${now}
    RETURNING failures`);
  if (result.rows.length > 0) return null;
  const [row] = await db
    .select({ blockedUntil: t.blockedUntil })
    .from(t)
    .where(eq(t.key, key))
    .limit(1);
  const until = row?.blockedUntil?.getTime() ?? now.getTime();
  return Math.max(1, Math.ceil((until - now.getTime()) / 1000));
}

/** A success on an account: its failures are forgotten (spec: "a success resets the account"). */
export async function resetKey(db: Executor, key: string): Promise<void> {
  await db.delete(authThrottle).where(eq(authThrottle.key, key));
}

/**
 * A success from an address: its counted attempt is given back, so many people logging in
 * behind one NAT do not block each other; failures from that address stay counted.
 */
export async function forgiveAttempt(db: Executor, key: string, rule: ThrottleRule): Promise<void> {
  const t = authThrottle;
  await db
    .update(t)
    .set({
      failures: sql`greatest(${t.failures} - 1, 0)`,
      blockedUntil: sql`CASE WHEN ${t.failures} - 1 < ${rule.limit} THEN NULL ELSE ${t.blockedUntil} END`,
    })
    .where(eq(t.key, key));
}

export const rateLimited = (retryAfterSeconds: number) =>
  new AppError('rate_limited', 'login', 'Too many login attempts. Please try again later.', {
    retry_after_seconds: retryAfterSeconds,
  });

async function isKnownAddress(db: Executor, key: string, now: Date): Promise<boolean> {
  const since = new Date(now.getTime() - KNOWN_ADDRESS_MS);
  const [row] = await db
    .select({ at: authThrottle.lastFailureAt })
    .from(authThrottle)
    .where(eq(authThrottle.key, key))
    .limit(1);
  return row !== undefined && row.at > since;
}

/**
 * Takes one attempt on each key and throws 429 `rate_limited` if any is blocked (attempts
 * already taken on earlier keys are given back). The address first (the widest net), then the
 * account from this address (slows the attacker's address), then — only for an address the
 * account has not logged in from lately — the account as a whole.
 */
export async function takeLoginAttempt(db: Executor, keys: LoginKeys, now: Date): Promise<void> {
  const addressWait = await takeAttempt(db, keys.address, ADDRESS_RULE, now);
  if (addressWait !== null) throw rateLimited(addressWait);
  if (keys.account === null || keys.accountFromAddress === null || keys.knownAddress === null)
    return;
  const pairWait = await takeAttempt(db, keys.accountFromAddress, ACCOUNT_ADDRESS_RULE, now);
  if (pairWait !== null) {
    await forgiveAttempt(db, keys.address, ADDRESS_RULE);
    throw rateLimited(pairWait);
  }
  if (await isKnownAddress(db, keys.knownAddress, now)) return;
  const accountWait = await takeAttempt(db, keys.account, ACCOUNT_RULE, now);
  if (accountWait !== null) {
    await forgiveAttempt(db, keys.accountFromAddress, ACCOUNT_ADDRESS_RULE);
    await forgiveAttempt(db, keys.address, ADDRESS_RULE);
    throw rateLimited(accountWait);
  }
}

/**
 * After a successful login: the account's counters are cleared, the address gets its attempt
 * back, and the address becomes a known one for this account (it skips the account-wide wait).
 */
export async function settleSuccessfulLogin(
  db: Executor,
  keys: LoginKeys,
  now: Date,
): Promise<void> {
  if (keys.account !== null) await resetKey(db, keys.account);
  if (keys.accountFromAddress !== null) await resetKey(db, keys.accountFromAddress);
  if (keys.knownAddress !== null) {
    await db
      .insert(authThrottle)
      .values({ key: keys.knownAddress, failures: 0, windowStartedAt: now, lastFailureAt: now })
      .onConflictDoUpdate({ target: authThrottle.key, set: { lastFailureAt: now } });
  }
  await forgiveAttempt(db, keys.address, ADDRESS_RULE);
}

/** Test and admin helper: the stored counters of some keys. */
export async function throttleRows(db: Executor, keys: string[]) {
  if (keys.length === 0) return [];
  return db.select().from(authThrottle).where(inArray(authThrottle.key, keys));
}
