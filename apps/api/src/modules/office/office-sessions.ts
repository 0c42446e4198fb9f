import { eq, lt } from 'drizzle-orm';
import type { StaffRole } from '@admit/contracts/office';
import type { Db } from '@/db/connection';
import { staffSession, staffUser } from '@/db/schema/office';
import type { Executor } from '@/db/transaction';
import {
  hashToken,
  isSessionToken,
  newSessionToken,
  SESSION_TOUCH_AFTER_MS,
} from '@/modules/sessions/session-service';

/**
 * Office sessions (decision 0083): kept server-side (`staff_session`, revocable by deleting
 * the row), the token only as its sha256, like the visitors' (sessions/session-service.ts), but
 * in their own table and cookie and with a working day's lifetime: 30 minutes idle, 12 hours
 * at most, so a desk left signed in closes itself.
 */

export const OFFICE_IDLE_MS = 30 * 60_000;
export const OFFICE_ABSOLUTE_MS = 12 * 60 * 60_000;

export interface NewOfficeSession {
  token: string;
  expiresAt: Date;
}

/** The signed-in staff user of a live session, as the guard gives it to routes. */
export interface StaffCaller {
  sessionId: string;
  staffUserId: string;
  sellerId: string;
  email: string;
  role: StaffRole;
  expiresAt: Date;
}

const expiryOf = (lastSeenAt: Date, expiresAt: Date) =>
  new Date(Math.min(lastSeenAt.getTime() + OFFICE_IDLE_MS, expiresAt.getTime()));

/** A new session for a staff user (at login; the caller ends the old one first). */
export async function createOfficeSession(
  db: Executor,
  staffUserId: string,
  sellerId: string,
  at: Date,
): Promise<NewOfficeSession> {
  const token = newSessionToken();
  const expiresAt = new Date(at.getTime() + OFFICE_ABSOLUTE_MS);
  await db.insert(staffSession).values({
    tokenHash: hashToken(token),
    staffUserId,
    sellerId,
    createdAt: at,
    lastSeenAt: at,
    expiresAt,
  });
  return { token, expiresAt: expiryOf(at, expiresAt) };
}

export async function destroyOfficeSession(db: Executor, token: string | undefined) {
  if (!isSessionToken(token)) return;
  await db.delete(staffSession).where(eq(staffSession.tokenHash, hashToken(token)));
}

/**
 * The staff user a token signs in for this seller, or null: unknown, another seller's, timed
 * out, or its user disabled. The role is read from the user's row on every call, so a changed
 * role applies at once.
 */
export async function staffOfToken(
  db: Db,
  token: string | undefined,
  sellerId: string,
  at: Date,
): Promise<StaffCaller | null> {
  if (!isSessionToken(token)) return null;
  const [row] = await db
    .select({ session: staffSession, user: staffUser })
    .from(staffSession)
    .innerJoin(staffUser, eq(staffUser.id, staffSession.staffUserId))
    .where(eq(staffSession.tokenHash, hashToken(token)))
    .limit(1);
  if (!row || row.session.sellerId !== sellerId || row.user.sellerId !== sellerId) return null;
  if (row.user.disabled) return null;
  const { session } = row;
  if (expiryOf(session.lastSeenAt, session.expiresAt) <= at) {
    await db.delete(staffSession).where(eq(staffSession.id, session.id));
    return null;
  }
  let lastSeenAt = session.lastSeenAt;
  if (at.getTime() - lastSeenAt.getTime() > SESSION_TOUCH_AFTER_MS) {
    lastSeenAt = at;
    await db.update(staffSession).set({ lastSeenAt }).where(eq(staffSession.id, session.id));
  }
  return {
    sessionId: session.id,
    staffUserId: row.user.id,
    sellerId,
    email: row.user.email,
    role: row.user.role as StaffRole,
    expiresAt: expiryOf(lastSeenAt, session.expiresAt),
  };
}

/** Deletes sessions past their absolute deadline (idle ones go when next presented). */
export async function purgeOfficeSessions(db: Db, at: Date): Promise<void> {
  await db.delete(staffSession).where(lt(staffSession.expiresAt, at));
}
