import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '@admit/contracts/constants';
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
