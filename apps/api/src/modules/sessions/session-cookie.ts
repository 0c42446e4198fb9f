import type { FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_INDICATOR_COOKIE, SESSION_COOKIE } from '@admit/contracts/constants';
import type { NewSession } from './session-service';

/** httpOnly (no script reads it), SameSite=Lax (no cross-site POSTs), Secure in production. */
function cookieOptions(production: boolean) {
  return { httpOnly: true, sameSite: 'lax' as const, secure: production, path: '/' };
}

export function readSessionToken(request: FastifyRequest): string | undefined {
  return request.cookies?.[SESSION_COOKIE];
}

export function setSessionCookie(reply: FastifyReply, session: NewSession, production: boolean) {
  reply.setCookie(SESSION_COOKIE, session.token, {
    ...cookieOptions(production),
    expires: session.expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, production: boolean) {
  reply.clearCookie(SESSION_COOKIE, cookieOptions(production));
}

/**
 * The indicator cookie (identity §4 "Session"): readable by script, holds no secret ("1"), set
 * and cleared with the session cookie, so the storefront's every-second check sees a session end.
 */
function indicatorOptions(production: boolean) {
  return { httpOnly: false, sameSite: 'lax' as const, secure: production, path: '/' };
}

/**
 * What the reply should do to the cookies because of the session the request presented: clear
 * them (the session ended) or re-set them (the idle deadline moved). Decided while resolving the
 * identity, applied when the reply is sent, dropped when a login or logout sets cookies itself.
 */
const pendingCookies = new WeakMap<FastifyRequest, 'clear' | NewSession>();

export function markSessionEnded(request: FastifyRequest) {
  pendingCookies.set(request, 'clear');
}

export function markSessionRenewed(request: FastifyRequest, session: NewSession) {
  pendingCookies.set(request, session);
}

/** The onSend step: applies what `markSession…` asked for, if nothing replaced it. */
export function applyPendingCookies(
  request: FastifyRequest,
  reply: FastifyReply,
  production: boolean,
) {
  const pending = pendingCookies.get(request);
  if (pending === undefined) return;
  pendingCookies.delete(request);
  if (pending === 'clear') clearAuthCookies(reply, production);
  else setAuthCookies(reply, pending, production);
}

/** Login: the session cookie and the indicator cookie, with the same expiry. */
export function setAuthCookies(reply: FastifyReply, session: NewSession, production: boolean) {
  pendingCookies.delete(reply.request);
  setSessionCookie(reply, session, production);
  reply.setCookie(AUTH_INDICATOR_COOKIE, '1', {
    ...indicatorOptions(production),
    expires: session.expiresAt,
  });
}

/** Logout, or a session that ended: both cookies go, so every tab notices. */
export function clearAuthCookies(reply: FastifyReply, production: boolean) {
  pendingCookies.delete(reply.request);
  clearSessionCookie(reply, production);
  reply.clearCookie(AUTH_INDICATOR_COOKIE, indicatorOptions(production));
}
