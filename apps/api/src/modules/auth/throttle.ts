import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/db/connection';
import { authThrottle } from '@/db/schema/identity';
import { AppError } from '@/http/app-error';

/**
 * Login abuse limits (ASVS 6.3.1 / 6.6.3, docs/decisions/0013), kept in `auth_throttle` so every
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
/** spec: task brief — 5 failures per account, 20 per address, in 15 minutes; delays up to 15 min */
export const ACCOUNT_RULE: ThrottleRule = {
  limit: 5,
  windowMs: 15 * MINUTE,
  maxDelayMs: 15 * MINUTE,
};
export const ADDRESS_RULE: ThrottleRule = {
  limit: 20,
  windowMs: 15 * MINUTE,
  maxDelayMs: 15 * MINUTE,
};

export const accountKey = (sellerId: string, who: string) =>
  `login:account:${sellerId}:${who.trim().toLowerCase()}`;
export const addressKey = (ip: string) => `login:address:${ip}`;

type Executor = Pick<Db, 'execute' | 'select' | 'delete' | 'update'>;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

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
  if (rowsOf(result).length > 0) return null;
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

/**
 * Takes one attempt on each key (address first: it is the wider net) and throws 429
 * `rate_limited` if any is blocked. Attempts already taken on earlier keys are given back.
 */
export async function takeLoginAttempt(
  db: Executor,
  keys: { account: string | null; address: string },
  now: Date,
): Promise<void> {
  const addressWait = await takeAttempt(db, keys.address, ADDRESS_RULE, now);
  if (addressWait !== null) throw rateLimited(addressWait);
  if (keys.account === null) return;
  const accountWait = await takeAttempt(db, keys.account, ACCOUNT_RULE, now);
  if (accountWait !== null) {
    await forgiveAttempt(db, keys.address, ADDRESS_RULE);
    throw rateLimited(accountWait);
  }
}

/** After a successful login: clear the account, give the address its attempt back. */
export async function settleSuccessfulLogin(
  db: Executor,
  keys: { account: string | null; address: string },
): Promise<void> {
  if (keys.account !== null) await resetKey(db, keys.account);
  await forgiveAttempt(db, keys.address, ADDRESS_RULE);
}

/** Test and admin helper: the stored counters of some keys. */
export async function throttleRows(db: Executor, keys: string[]) {
  if (keys.length === 0) return [];
  return db.select().from(authThrottle).where(inArray(authThrottle.key, keys));
}
