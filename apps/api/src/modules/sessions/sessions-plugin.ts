import type { FastifyInstance } from 'fastify';
import type { IdentityResolver, RequestIdentity, SellerRef } from '@/http/request-context';
import { isMember } from './is-member';
import { ensurePublicIdentity } from './public-identity';
import { readSessionToken } from './session-cookie';
import { createSessionService, type SessionService } from './session-service';

declare module 'fastify' {
  interface FastifyInstance {
    /** create/rotate/destroy cookie sessions (login and logout call these) */
    sessions: SessionService;
  }
}

/** Decorates the app with the session service and the request → identity resolution. */
export function registerSessions(app: FastifyInstance) {
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
      const session = await sessions.findSession(readSessionToken(request), seller.id);
      if (!session) return publicIdentity(seller);
      const identity = { id: session.identityId, sellerId: seller.id, isPublic: false };
      return {
        ...identity,
        isMember: await isMember(db, identity, now()),
        expiresAt: session.expiresAt,
      };
    },
  };

  app.decorate('sessions', sessions);
  app.decorate('identities', identities);
}
