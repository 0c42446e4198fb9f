import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toCollection } from '@admit/contracts/envelope';
import type { LoginResponse } from '@admit/contracts/identity';
import {
  loginRoute,
  logoutRoute,
  requestOtpRoute,
  submitOtpRoute,
} from '@admit/contracts/routes/identity';
import { AppError } from '@/http/app-error';
import { parseQuery, type QuerySpec } from '@/http/query-grammar';
import type { SellerRef } from '@/http/request-context';
import { fromTable } from '@/http/table-route';
import { storefrontRootOf } from '@/modules/sellers/seller-site';
import {
  clearAuthCookies,
  readSessionToken,
  setAuthCookies,
} from '@/modules/sessions/session-cookie';
import { findIdentityById, toIdentityContract, type IdentityRow } from '@/modules/users/repo';
import type { LoginContext } from './login-service';
import { loadSellerAuth, type SellerAuth } from './seller-auth';
import { ssoRoutes } from './sso-routes';

const loginQuery: QuerySpec = { context: 'login', fields: {} };

/** Shared by the login routes and the SSO callback. */
export interface AuthRouteKit {
  /** the login settings of the request's seller (`request.caller`, route config `caller`) */
  sellerAuthOf(request: FastifyRequest): Promise<SellerAuth>;
  /**
   * the client address and the seller's storefront root (its domain when the request came by
   * it, else the public origin; never any other Host header)
   */
  contextOf(request: FastifyRequest): Promise<LoginContext>;
  /** rotates the session to `person`, sets both cookies, hands the guest cart over */
  finishLogin(
    request: FastifyRequest,
    reply: FastifyReply,
    seller: SellerRef,
    person: IdentityRow,
    cartId: string | undefined,
  ): Promise<LoginResponse>;
}

/** The login steps both route files share, over the services of `app.auth` (auth-plugin.ts). */
export function createAuthRouteKit(app: FastifyInstance): AuthRouteKit {
  const { database, config } = app.deps;
  const db = database.db;
  const production = config.NODE_ENV === 'production';

  return {
    async sellerAuthOf(request) {
      return loadSellerAuth(db, request.caller.seller, config);
    },
    async contextOf(request) {
      return {
        ip: request.ip,
        origin: await storefrontRootOf(db, request.caller.seller, config, request),
      };
    },
    async finishLogin(request, reply, seller, person, cartId) {
      // spec: identity §4 "Session" — a fresh token at every login (no session fixation)
      const session = await app.sessions.rotateSession(
        readSessionToken(request),
        person.id,
        seller.id,
      );
      setAuthCookies(reply, session, production);
      const publicIdentity = await app.identities.publicIdentity(seller);
      return app.auth.login.loginAnswer({
        seller,
        person,
        publicIdentityId: publicIdentity.id,
        session,
        cartId,
      });
    },
  };
}

/** The mail sender is another module's plugin: ask it for prompt delivery when it is there. */
function kickMail(app: FastifyInstance) {
  if (app.hasDecorator('mailSender')) app.mailSender.kick();
}

/**
 * POST /api/login, /api/logout, /api/login/request_otp, /api/login/otp and the single sign-on
 * round trip (identity §7; wire format in `@admit/contracts/identity`). Never cached.
 */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const kit = createAuthRouteKit(app);
  const { database, config } = app.deps;
  const db = database.db;
  const production = config.NODE_ENV === 'production';

  // the seller only: the session cookie is read by the login itself (rotated, never renewed)
  const routeConfig = { caller: 'seller', callerContext: 'login' } as const;
  const sellerOf = (request: FastifyRequest, query: Record<string, string>) => {
    parseQuery(loginQuery, query);
    return kit.sellerAuthOf(request);
  };

  // method, url and schemas from the contracts route table (decision 0050)
  app.route({
    ...fromTable(loginRoute),
    config: routeConfig,
    handler: async (request, reply) => {
      const auth = await sellerOf(request, request.query);
      const { body } = request;
      const person = await app.auth.login
        .authenticate(auth, body, await kit.contextOf(request))
        .catch((error: unknown) => {
          if (error instanceof AppError && error.code === 'guest_account') kickMail(app);
          throw error;
        });
      const answer = await kit.finishLogin(request, reply, auth.seller, person, body.cart_id);
      return reply.header('cache-control', 'no-store').send(answer);
    },
  });

  // the body (`{}`) is not read, and may come empty
  app.route({
    ...fromTable(logoutRoute, { bodyByHandler: true }),
    config: routeConfig,
    handler: async (request, reply) => {
      parseQuery(loginQuery, request.query);
      const { seller, publicIdentityId } = request.caller;
      await app.sessions.destroySession(readSessionToken(request));
      clearAuthCookies(reply, production);
      const row = await findIdentityById(db, publicIdentityId);
      if (!row) throw new Error(`public identity of seller ${seller.id} vanished`);
      return reply.header('cache-control', 'no-store').send({
        session: toCollection([
          { identity_id: row.id, seller_id: seller.id, is_public: true, expires_at: null },
        ]),
        identity: toCollection([toIdentityContract(row, false)]),
      });
    },
  });

  app.route({
    ...fromTable(requestOtpRoute),
    config: routeConfig,
    handler: async (request, reply) => {
      const auth = await sellerOf(request, request.query);
      const answer = await app.auth.otp.requestOtp(
        auth,
        request.body,
        await kit.contextOf(request),
      );
      kickMail(app);
      return reply.header('cache-control', 'no-store').send(answer);
    },
  });

  app.route({
    ...fromTable(submitOtpRoute),
    config: routeConfig,
    handler: async (request, reply) => {
      const auth = await sellerOf(request, request.query);
      const { body } = request;
      const person = await app.auth.otp.submitOtp(auth, body, await kit.contextOf(request));
      const answer = await kit.finishLogin(request, reply, auth.seller, person, body.cart_id);
      return reply.header('cache-control', 'no-store').send(answer);
    },
  });

  await app.register(ssoRoutes, { kit });
};
