import type { FastifyReply, FastifyRequest } from 'fastify';
import { OFFICE_API_PATH, OFFICE_SESSION_COOKIE } from '@admit/contracts/office';
import type { NewOfficeSession } from './office-sessions';

/**
 * The office cookie (decision 0083): host-only like every cookie of ours (no Domain, decision
 * 0071), httpOnly, Secure in production, SameSite=Strict (nothing links into the office API)
 * and `Path=/api/office`, so the visitor's calls and pages never carry it.
 */
function options(production: boolean) {
  return { httpOnly: true, sameSite: 'strict' as const, secure: production, path: OFFICE_API_PATH };
}

export const readOfficeToken = (request: FastifyRequest): string | undefined =>
  request.cookies?.[OFFICE_SESSION_COOKIE];

export function setOfficeCookie(
  reply: FastifyReply,
  session: NewOfficeSession,
  production: boolean,
) {
  reply.setCookie(OFFICE_SESSION_COOKIE, session.token, {
    ...options(production),
    expires: session.expiresAt,
  });
}

export function clearOfficeCookie(reply: FastifyReply, production: boolean) {
  reply.clearCookie(OFFICE_SESSION_COOKIE, options(production));
}
