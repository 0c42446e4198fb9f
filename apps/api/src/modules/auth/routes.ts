import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { toCollection } from '@admit/contracts/envelope';
import {
  loginBodySchema,
  loginResponseSchema,
  otpRequestResponseSchema,
  requestOtpBodySchema,
  submitOtpBodySchema,
  type LoginResponse,
} from '@admit/contracts/identity';
import { AppError } from '@/http/app-error';
import { parseQuery, type QuerySpec } from '@/http/query-grammar';
import { resolveSeller, type SellerRef } from '@/http/request-context';
import { publicOriginOf } from '@/modules/sellers/seller-site';
import {
  clearAuthCookies,
  readSessionToken,
  setAuthCookies,
} from '@/modules/sessions/session-cookie';
import { findIdentityById, toIdentityContract, type IdentityRow } from '@/modules/users/repo';
import { createLoginService, type LoginContext } from './login-service';
import { createOtpService } from './otp-service';
import { loadSellerAuth, type SellerAuth } from './seller-auth';
import { registerSsoRoutes } from './sso-routes';

const loginQuery: QuerySpec = { context: 'login', fields: {} };

/** Shared by the login routes and the SSO callback. */
export interface AuthRouteKit {
  sellerAuthOf(slug: string): Promise<SellerAuth>;
  /** the client address and the seller's public origin (never the Host header) */
  contextOf(request: FastifyRequest, seller: SellerRef): Promise<LoginContext>;
  /** rotates the session to `person`, sets both cookies, hands the guest cart over */
  finishLogin(
    request: FastifyRequest,
    reply: FastifyReply,
    seller: SellerRef,
    person: IdentityRow,
    cartId: string | undefined,
  ): Promise<LoginResponse>;
  loginService: ReturnType<typeof createLoginService>;
}

export function createAuthRouteKit(app: FastifyInstance): AuthRouteKit {
  const { database, config } = app.deps;
  const db = database.db;
  const now = () => app.deps.now();
  const production = config.NODE_ENV === 'production';
  const loginService = createLoginService({ db, now });

  return {
    loginService,
    async sellerAuthOf(slug) {
      return loadSellerAuth(db, await resolveSeller(app, slug), config);
    },
    async contextOf(request, seller) {
      return { ip: request.ip, origin: await publicOriginOf(db, seller.id, config) };
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
      return loginService.loginAnswer({
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
export function registerAuthRoutes(app: FastifyInstance, kit = createAuthRouteKit(app)) {
  const { database, config } = app.deps;
  const db = database.db;
  const production = config.NODE_ENV === 'production';
  const otpService = createOtpService({
    db,
    now: () => app.deps.now(),
    smtpConfigured: config.SMTP_URL !== undefined,
  });

  const sellerOf = (request: FastifyRequest) =>
    kit.sellerAuthOf(parseQuery(loginQuery, request.query as Record<string, string>).seller);

  const sendLogin = (reply: FastifyReply, body: LoginResponse) =>
    reply.header('cache-control', 'no-store').send(loginResponseSchema.parse(body));

  app.post('/api/login', { schema: { body: loginBodySchema } }, async (request, reply) => {
    const auth = await sellerOf(request);
    const body = loginBodySchema.parse(request.body);
    const person = await kit.loginService
      .authenticate(auth, body, await kit.contextOf(request, auth.seller))
      .catch((error: unknown) => {
        if (error instanceof AppError && error.code === 'guest_account') kickMail(app);
        throw error;
      });
    return sendLogin(
      reply,
      await kit.finishLogin(request, reply, auth.seller, person, body.cart_id),
    );
  });

  app.post('/api/logout', async (request, reply) => {
    const { seller } = await sellerOf(request);
    await app.sessions.destroySession(readSessionToken(request));
    clearAuthCookies(reply, production);
    const publicIdentity = await app.identities.publicIdentity(seller);
    const row = await findIdentityById(db, publicIdentity.id);
    if (!row) throw new Error(`public identity of seller ${seller.id} vanished`);
    return sendLogin(reply, {
      session: toCollection([
        { identity_id: row.id, seller_id: seller.id, is_public: true, expires_at: null },
      ]),
      identity: toCollection([toIdentityContract(row, false)]),
    });
  });

  app.post(
    '/api/login/request_otp',
    { schema: { body: requestOtpBodySchema } },
    async (request, reply) => {
      const auth = await sellerOf(request);
      const body = requestOtpBodySchema.parse(request.body);
      const answer = await otpService.requestOtp(
        auth,
        body,
        await kit.contextOf(request, auth.seller),
      );
      kickMail(app);
      return reply.header('cache-control', 'no-store').send(otpRequestResponseSchema.parse(answer));
    },
  );

  app.post('/api/login/otp', { schema: { body: submitOtpBodySchema } }, async (request, reply) => {
    const auth = await sellerOf(request);
    const body = submitOtpBodySchema.parse(request.body);
    const person = await otpService.submitOtp(
      auth,
      body,
      await kit.contextOf(request, auth.seller),
    );
    return sendLogin(
      reply,
      await kit.finishLogin(request, reply, auth.seller, person, body.cart_id),
    );
  });

  registerSsoRoutes(app, kit);
}
