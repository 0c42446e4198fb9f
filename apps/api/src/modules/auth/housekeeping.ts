import { and, isNull, like, lt, notLike, or } from 'drizzle-orm';
import type { Db } from '@/db/connection';
import { startIntervalJob, type IntervalJob } from '@/lib/interval-job';
import { authThrottle, otpChallenge, passwordResetToken, webSession } from '@/db/schema/identity';
import { KNOWN_ADDRESS_KEY_PATTERN, KNOWN_ADDRESS_MS } from '@/modules/limits/login-throttle';
import { purgeOfficeSessions } from '@/modules/office/office-sessions';
import { purgeStaffResetTokens } from '@/modules/office/staff-reset-repo';

// rows are kept a day past their end so a support question about "my link did not work" can
// still be answered from the database
const KEEP_MS = 24 * 60 * 60_000;

/**
 * Deletes what has ended: sessions past their absolute deadline, passcode challenges and reset
 * links a day after expiry, throttle counters quiet for a day and no longer blocking, and
 * known-address marks older than KNOWN_ADDRESS_MS.
 * Every row is also checked on use, so this only keeps the tables small.
 */
export async function purgeEndedAuthRows(db: Db, now: Date): Promise<void> {
  const dayAgo = new Date(now.getTime() - KEEP_MS);
  await db.delete(webSession).where(lt(webSession.expiresAt, now));
  // the back office's sessions past their absolute deadline (decision 0083)
  await purgeOfficeSessions(db, now);
  await db.delete(otpChallenge).where(lt(otpChallenge.expiresAt, dayAgo));
  await db.delete(passwordResetToken).where(lt(passwordResetToken.expiresAt, dayAgo));
  await purgeStaffResetTokens(db, dayAgo);
  await db
    .delete(authThrottle)
    .where(
      and(
        notLike(authThrottle.key, KNOWN_ADDRESS_KEY_PATTERN),
        lt(authThrottle.lastFailureAt, dayAgo),
        or(isNull(authThrottle.blockedUntil), lt(authThrottle.blockedUntil, now)),
      ),
    );
  // a known-address mark (login-throttle.ts) counts for KNOWN_ADDRESS_MS after the last login
  await db
    .delete(authThrottle)
    .where(
      and(
        like(authThrottle.key, KNOWN_ADDRESS_KEY_PATTERN),
        lt(authThrottle.lastFailureAt, new Date(now.getTime() - KNOWN_ADDRESS_MS)),
      ),
    );
}

/** Runs the purge every interval (see `startIntervalJob`). */
export function startAuthHousekeeping(options: {
  db: Db;
  now: () => Date;
  intervalMs: number;
  onError: (err: unknown) => void;
}): IntervalJob {
  return startIntervalJob({
    intervalMs: options.intervalMs,
    run: () => purgeEndedAuthRows(options.db, options.now()),
    onError: options.onError,
  });
}
