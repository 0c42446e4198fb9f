import { createHash, randomBytes } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import type { AppConfig } from '@/config';
import type { Db } from '@/db/connection';
import { webSession } from '@/db/schema/identity';

export interface SessionServiceDeps {
  db: Db;
  now: () => Date;
  config: Pick<AppConfig, 'SESSION_IDLE_MINUTES' | 'SESSION_ABSOLUTE_DAYS'>;
}

/** A session just created: the token goes into the cookie and nowhere else. */
export interface NewSession {
  token: string;
  expiresAt: Date;
}

export interface ActiveSession {
  id: string;
  identityId: string;
  sellerId: string;
  /** the earlier of the idle and the absolute deadline */
  expiresAt: Date;
}

export interface SessionLookup {
  session: ActiveSession | null;
  /** a token was presented and is dead: the reply clears the cookies (identity §4 "Session") */
  ended: boolean;
  /** the idle deadline moved: the reply re-sets the cookies with the new expiry */
  renewed: boolean;
}

const TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;
/** touching last_seen_at on every request would turn every read into a write */
export const SESSION_TOUCH_AFTER_MS = 60_000;

/** A new session token: 32 random bytes, base64url (the visitors' and the office's sessions). */
export const newSessionToken = (): string => randomBytes(32).toString('base64url');

/** Whether a presented cookie value has a session token's shape (anything else is never looked up). */
export const isSessionToken = (token: string | undefined): token is string =>
  token !== undefined && TOKEN_RE.test(token);

/** Only the sha256 of a token is stored, so a leaked table cannot be replayed as cookies. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export type SessionService = ReturnType<typeof createSessionService>;

/** Cookie sessions (identity §4 "Session"): create at login, rotate on privilege change, destroy at logout. */
export function createSessionService({ db, now, config }: SessionServiceDeps) {
  const idleMs = config.SESSION_IDLE_MINUTES * 60_000;
  const absoluteMs = config.SESSION_ABSOLUTE_DAYS * 24 * 60 * 60_000;
  const effectiveExpiry = (lastSeenAt: Date, expiresAt: Date) =>
    new Date(Math.min(lastSeenAt.getTime() + idleMs, expiresAt.getTime()));

  async function createSession(identityId: string, sellerId: string): Promise<NewSession> {
    const token = newSessionToken();
    const at = now();
    const expiresAt = new Date(at.getTime() + absoluteMs);
    await db.insert(webSession).values({
      tokenHash: hashToken(token),
      identityId,
      sellerId,
      createdAt: at,
      lastSeenAt: at,
      expiresAt,
    });
    return { token, expiresAt: effectiveExpiry(at, expiresAt) };
  }

  async function destroySession(token: string | undefined): Promise<void> {
    if (!isSessionToken(token)) return;
    await db.delete(webSession).where(eq(webSession.tokenHash, hashToken(token)));
  }

  /** Replaces the current session (if any) with a fresh token: no session fixation at login. */
  async function rotateSession(
    currentToken: string | undefined,
    identityId: string,
    sellerId: string,
  ): Promise<NewSession> {
    await destroySession(currentToken);
    return createSession(identityId, sellerId);
  }

  /**
   * What a presented token amounts to for this seller: the live session, or null with `ended`
   * saying whether the token is dead (unknown, malformed, timed out) rather than merely another
   * seller's, and `renewed` whether this use moved the idle deadline (the cookies follow it).
   */
  async function inspectSession(
    token: string | undefined,
    sellerId: string,
  ): Promise<SessionLookup> {
    if (!token) return { session: null, ended: false, renewed: false };
    if (!isSessionToken(token)) return { session: null, ended: true, renewed: false };
    const [row] = await db
      .select()
      .from(webSession)
      .where(eq(webSession.tokenHash, hashToken(token)))
      .limit(1);
    if (!row) return { session: null, ended: true, renewed: false };
    if (row.sellerId !== sellerId) return { session: null, ended: false, renewed: false };
    const at = now();
    if (effectiveExpiry(row.lastSeenAt, row.expiresAt) <= at) {
      await db.delete(webSession).where(eq(webSession.id, row.id));
      return { session: null, ended: true, renewed: false };
    }
    let lastSeenAt = row.lastSeenAt;
    if (at.getTime() - lastSeenAt.getTime() > SESSION_TOUCH_AFTER_MS) {
      lastSeenAt = at;
      await db.update(webSession).set({ lastSeenAt: at }).where(eq(webSession.id, row.id));
    }
    const session = {
      id: row.id,
      identityId: row.identityId,
      sellerId: row.sellerId,
      expiresAt: effectiveExpiry(lastSeenAt, row.expiresAt),
    };
    return { session, ended: false, renewed: lastSeenAt !== row.lastSeenAt };
  }

  /** The live session of a token for this seller, or null (unknown, other seller, expired). */
  async function findSession(
    token: string | undefined,
    sellerId: string,
  ): Promise<ActiveSession | null> {
    return (await inspectSession(token, sellerId)).session;
  }

  /** Deletes sessions past their absolute deadline (idle ones go when next presented). */
  async function purgeExpired(): Promise<void> {
    await db.delete(webSession).where(lt(webSession.expiresAt, now()));
  }

  return {
    createSession,
    rotateSession,
    destroySession,
    findSession,
    inspectSession,
    purgeExpired,
  };
}
