import { sql } from 'drizzle-orm';
import type { Db } from '@/db/connection';
import { authThrottle } from '@/db/schema/identity';
import { AppError } from '@/http/app-error';

export interface RequestLimit {
  /** requests allowed per window */
  max: number;
  windowMs: number;
  now: Date;
}

export interface LimitVerdict {
  allowed: boolean;
  /** seconds until the window resets (0 when allowed) */
  retryAfterSeconds: number;
}

/**
 * Counts one request against `key` in a fixed window and says whether it is within the limit.
 * One upsert on `auth_throttle` decides, so concurrent requests (and several processes) cannot
 * both take the last place. The column `failures` is the window's request count here.
 */
export async function checkRequestLimit(
  db: Pick<Db, 'execute'>,
  key: string,
  { max, windowMs, now }: RequestLimit,
): Promise<LimitVerdict> {
  const windowStart = new Date(now.getTime() - windowMs);
  const t = authThrottle;
  const result = await db.execute<{ failures: number; window_started_at: unknown }>(sql`
    INSERT INTO ${t} (key, failures, window_started_at, last_failure_at)
    VALUES (${key}, 1, ${now}, ${now})
    ON CONFLICT (key) DO UPDATE SET
      failures = CASE WHEN ${t.windowStartedAt} <= ${windowStart} THEN 1 ELSE ${t.failures} + 1 END,
      window_started_at = CASE WHEN ${t.windowStartedAt} <= ${windowStart} THEN ${now}
                               ELSE ${t.windowStartedAt} END,
      last_failure_at = ${now}
    RETURNING failures, window_started_at`);
  const row = result.rows[0];
  if (!row) throw new Error('request limit upsert returned no row');
  const count = Number(row.failures);
  if (count <= max) return { allowed: true, retryAfterSeconds: 0 };
  const started = new Date(row.window_started_at as string | Date).getTime();
  const retryAfterSeconds = Math.max(1, Math.ceil((started + windowMs - now.getTime()) / 1000));
  return { allowed: false, retryAfterSeconds };
}

/**
 * Gives one counted request back to `key` (a call that only counts its failures succeeded):
 * one UPDATE, never below zero, so concurrent give-backs cannot free more than they took.
 */
export async function giveBackRequest(db: Pick<Db, 'execute'>, key: string): Promise<void> {
  const t = authThrottle;
  await db.execute(
    sql`UPDATE ${t} SET failures = greatest(${t.failures} - 1, 0) WHERE ${t.key} = ${key}`,
  );
}

export const TOO_MANY_REQUESTS = 'Too many requests. Please try again later.';

/** Checks every key; the first one over its limit becomes a 429 `rate_limited`. */
export async function enforceRequestLimits(
  db: Pick<Db, 'execute'>,
  context: string,
  checks: { key: string; max: number; windowMs: number }[],
  now: Date,
  description = TOO_MANY_REQUESTS,
): Promise<void> {
  for (const check of checks) {
    const verdict = await checkRequestLimit(db, check.key, { ...check, now });
    if (!verdict.allowed) {
      throw new AppError('rate_limited', context, description, {
        retry_after_seconds: verdict.retryAfterSeconds,
      });
    }
  }
}

const FIFTEEN_MINUTES = 15 * 60_000;
/** mails one address may trigger (reset links, resends) per window */
export const PER_EMAIL_LIMIT = { max: 5, windowMs: FIFTEEN_MINUTES } as const;
/** such requests one client address may make per window */
export const PER_ADDRESS_LIMIT = { max: 20, windowMs: FIFTEEN_MINUTES } as const;

/** The two keys of a mail-triggering call: per client address and per seller + e-mail. */
export function mailRequestLimits(
  action: string,
  clientAddress: string,
  sellerId: string,
  email: string,
) {
  return [
    { key: `${action}:address:${clientAddress}`, ...PER_ADDRESS_LIMIT },
    { key: `${action}:email:${sellerId}:${email.trim().toLowerCase()}`, ...PER_EMAIL_LIMIT },
  ];
}
