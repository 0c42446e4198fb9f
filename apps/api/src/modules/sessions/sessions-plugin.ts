import fp from 'fastify-plugin';
import { AUTH_INDICATOR_COOKIE } from '@admit/contracts/constants';
import type { IdentityResolver, RequestIdentity, SellerRef } from '@/http/request-context';
import { isMember } from './is-member';
import { ensurePublicIdentity } from './public-identity';
import {
  applyPendingCookies,
  markSessionEnded,
  markSessionRenewed,
  readSessionToken,
} from './session-cookie';
import { createSessionService, type SessionService } from './session-service';

declare module 'fastify' {
  interface FastifyInstance {
    /** create/rotate/destroy cookie sessions (login and logout call these) */
    sessions: SessionService;
  }
}

/**
 * Decorates the app with the session service and the request → identity resolution (the caller
 * hook reads them: http/caller.ts). Reads cookies, so @fastify/cookie comes first.
 */
export const sessionsPlugin = fp(
  async (app) => {
    const { database, config, now } = app.deps;
    const db = database.db;
    const sessions = createSessionService({ db, now, config });
    // public identities are never deleted, so their ids can be remembered per seller
    const publicIds = new Map<string, string>();

    async function publicIdentity(seller: SellerRef): Promise<RequestIdentity> {
      let id = publicIds.get(seller.id);
      if (!id) {
        id = await ensurePublicIdentity(db, seller.id);
        publicIds.set(seller.id, id);
      }
      return { id, sellerId: seller.id, isPublic: true, isMember: false, expiresAt: null };
    }

    const identities: IdentityResolver = {
      publicIdentity,
      async forRequest(request, seller) {
        const token = readSessionToken(request);
        const { session, ended, renewed } = await sessions.inspectSession(token, seller.id);
        if (!session) {
          // spec: identity §4 "Session" — other tabs notice the end through the cookies
          // (also a stray indicator without a session cookie: it would keep the storefront "in")
          if (ended || (!token && request.cookies?.[AUTH_INDICATOR_COOKIE]))
            markSessionEnded(request);
          return publicIdentity(seller);
        }
        if (renewed && token) markSessionRenewed(request, { token, expiresAt: session.expiresAt });
        const identity = { id: session.identityId, sellerId: seller.id, isPublic: false };
        return {
          ...identity,
          isMember: await isMember(db, identity, now()),
          expiresAt: session.expiresAt,
        };
      },
    };

    const production = config.NODE_ENV === 'production';
    app.addHook('onSend', async (request, reply) => {
      applyPendingCookies(request, reply, production);
    });

    app.decorate('sessions', sessions);
    app.decorate('identities', identities);
  },
  { name: 'sessions', dependencies: ['@fastify/cookie'] },
);
