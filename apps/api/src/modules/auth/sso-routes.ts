import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EXTERNAL_METHODS } from '@admit/contracts/seller-config';
import { AppError, validationFailed } from '@/http/app-error';
import type { AuthRouteKit } from './routes';
import { assertMethod } from './seller-auth';
import {
  SSO_NONCE_COOKIE,
  SSO_STATE_TTL_MS,
  isSafeRedirect,
  newNonce,
  signState,
  verifyState,
} from './sso-state';

const text = z.string().max(8192);
const startQuery = z.object({
  _seller: z.string().min(1).max(100),
  redirect: text.optional(),
  cart_id: z.string().uuid().optional(),
});
const callbackQuery = z.object({
  _seller: z.string().min(1).max(100),
  jwt: text.optional(),
  state: text.optional(),
});

// the query is checked in the handler, after the caller hook, in the sso context's own words
function parse<T extends z.ZodType>(schema: T, query: unknown): z.infer<T> {
  const parsed = schema.safeParse(query);
  if (!parsed.success) {
    const field = parsed.error.issues[0]?.path.join('.') || 'query';
    throw validationFailed('sso', field, parsed.error.issues[0]?.message ?? 'invalid value');
  }
  return parsed.data;
}

/**
 * GET /api/sso/start and /api/sso/callback (identity §7 "Single sign-on redirect"): the
 * round trip through the seller's external login page, which returns with a signed `jwt`.
 */
export const ssoRoutes: FastifyPluginAsyncZod<{ kit: AuthRouteKit }> = async (app, { kit }) => {
  const { config } = app.deps;
  const production = config.NODE_ENV === 'production';
  // one key per process when none is configured: a state survives only in this process
  const secret = config.AUTH_SECRET ?? randomBytes(32).toString('base64url');
  const nonceCookie = {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: production,
    path: '/api/sso/',
  };

  const routeConfig = { caller: 'seller', callerContext: 'sso' } as const;
  // both answers are redirects: a 302 has no body to serialise
  const schema = { response: { 302: z.undefined() } };
  app.get('/api/sso/start', { schema, config: routeConfig }, async (request, reply) => {
    const query = parse(startQuery, request.query);
    const auth = await kit.sellerAuthOf(request);
    assertMethod(auth, EXTERNAL_METHODS);
    if (!auth.externalLoginUrl) {
      throw new AppError('validation_failed', 'sso', 'External login URL missing', {
        field: 'external_urls.login',
      });
    }
    const redirect = query.redirect ?? '/';
    if (!isSafeRedirect(redirect))
      throw validationFailed('sso', 'redirect', 'must be a storefront path');
    const nonce = newNonce();
    const at = app.deps.now();
    const state = signState(secret, {
      s: auth.seller.id,
      r: redirect,
      c: query.cart_id ?? null,
      n: nonce,
      e: at.getTime() + SSO_STATE_TTL_MS,
    });
    const { origin } = await kit.contextOf(request);
    const returnTo = new URL('/api/sso/callback', `${origin}/`);
    returnTo.searchParams.set('_seller', auth.seller.slug);
    returnTo.searchParams.set('state', state);
    const target = new URL(auth.externalLoginUrl);
    target.searchParams.set('return_to', returnTo.toString());
    reply.setCookie(SSO_NONCE_COOKIE, nonce, {
      ...nonceCookie,
      expires: new Date(at.getTime() + SSO_STATE_TTL_MS),
    });
    return reply.header('cache-control', 'no-store').redirect(target.toString(), 302);
  });

  app.get('/api/sso/callback', { schema, config: routeConfig }, async (request, reply) => {
    const query = parse(callbackQuery, request.query);
    const auth = await kit.sellerAuthOf(request);
    // the storefront's router base: `/{slug}`, or empty on the seller's domain (decision 0071)
    const context = await kit.contextOf(request);
    const base = new URL(context.origin).pathname.replace(/\/+$/, '');
    reply.header('cache-control', 'no-store').clearCookie(SSO_NONCE_COOKIE, nonceCookie);
    const fail = (message: string) =>
      reply.redirect(`${base}/?auth_error=${encodeURIComponent(message)}`, 302);
    const state = query.state
      ? verifyState(secret, query.state, {
          sellerId: auth.seller.id,
          nonce: request.cookies[SSO_NONCE_COOKIE],
          now: app.deps.now(),
        })
      : null;
    if (!state) return fail('The login link has expired. Please try again.');
    if (!query.jwt) return fail('External login failed');
    try {
      const person = await app.auth.login.externalLogin(auth, query.jwt, context);
      await kit.finishLogin(request, reply, auth.seller, person, state.c ?? undefined);
    } catch (error) {
      if (!(error instanceof AppError) || error.status >= 500) throw error;
      return fail(error.message);
    }
    const hashAt = state.r.indexOf('#');
    const path = hashAt === -1 ? state.r : state.r.slice(0, hashAt);
    const hash = hashAt === -1 ? '' : state.r.slice(hashAt);
    const separator = path.includes('?') ? '&' : '?';
    return reply.redirect(`${base}${path}${separator}auth_callback=1${hash}`, 302);
  });
};
