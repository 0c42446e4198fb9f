import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import { constants as zlib } from 'node:zlib';
import helmet from '@fastify/helmet';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import type { Database } from './db/connection';
import { registerAppHeaderGuard } from './http/app-header-guard';
import { registerCaller } from './http/caller';
import { clientErrorHandler } from './http/client-error';
import { CSP_DIRECTIVES } from './http/content-security-policy';
import { registerErrorHandling, renderError } from './http/error-handler';
import { registerPathGuard } from './http/path-guard';
import { registerJobs } from './jobs/registry';
import { registerCallLimits } from './modules/limits/call-limits';
import { setSandboxTokenSecret } from './modules/payments/sandbox-tokens';
import { registerImageRoutes } from './modules/images/routes';
import { registerSellerConfigRoutes } from './modules/sellers/routes';
import { registerStorefrontHost } from './modules/storefront-host/routes';
import { registerAvailabilityRoutes } from './modules/availability/routes';
import { registerCartRoutes } from './modules/cart/routes';
import { registerCodeRoutes } from './modules/codes/routes';
import { registerCatalogRoutes } from './modules/catalog/routes';
import { registerMembershipRoutes } from './modules/memberships/routes';
import { registerSessionRoutes } from './modules/sessions/routes';
import { registerSessions } from './modules/sessions/sessions-plugin';
import { registerMail } from './modules/mail/mail-plugin';
import { passwordResetPlugin } from './modules/password-reset/password-reset-plugin';
import { passwordResetRoutes } from './modules/password-reset/routes';
import { resendPlugin } from './modules/resend/resend-plugin';
import { resendRoutes } from './modules/resend/routes';
import { usersPlugin } from './modules/users/users-plugin';
import { userRoutes } from './modules/users/routes';
import { authPlugin } from './modules/auth/auth-plugin';
import { authRoutes } from './modules/auth/routes';
import { registerCheckoutRoutes } from './modules/checkout/routes';
import { registerPaymentSettlement } from './modules/checkout/settlement-plugin';
import { registerAutoRenew } from './modules/auto-renew/auto-renew-plugin';
import { registerStripeWebhook } from './modules/checkout/stripe-webhook';
import { ledgerRoutes } from './modules/ledger/routes';
import { orderRoutes } from './modules/orders/routes';
import { registerManageRoutes } from './modules/manage/routes';
import { accountRoutes } from './modules/account/routes';
import { walletRoutes } from './modules/wallet/routes';
import { savedMethodRoutes } from './modules/payments/saved-method-routes';
import { sandboxRoutes } from './modules/payments/sandbox-routes';
import { gifteeRoutes } from './modules/giftee/routes';
import { addressPlugin } from './modules/address/address-plugin';
import { addressRoutes } from './modules/address/routes';
import { apiKeyRoutes, registerApiKeys } from './modules/api-keys/routes';
import { checkInRoutes } from './modules/check-in/routes';
import { sellerOrderRoutes } from './modules/seller-orders/routes';

export interface AppDeps {
  config: AppConfig;
  database: Database;
  /** the clock; tests pass a fixed one (the server owns time) */
  now?: () => Date;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Required<AppDeps>;
  }
}

/** Trusts the nearest `hops` proxies (Fastify takes a hop count at run time, not in its types). */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

export interface BuildOptions {
  /** told about every route as it is registered (the route fuzz test walks the table) */
  onRoute?: (route: RouteOptions) => void;
}

/** Builds the app without listening: tests call `app.inject`, main.ts calls `listen`. */
export async function buildApp(
  deps: AppDeps,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    // the client's address (abuse limits, logs) through the proxies the operator trusts only
    trustProxy:
      typeof deps.config.TRUST_PROXY === 'number'
        ? trustHops(deps.config.TRUST_PROXY)
        : deps.config.TRUST_PROXY,
    logger:
      deps.config.LOG_LEVEL === 'silent'
        ? false
        : {
            level: deps.config.LOG_LEVEL,
            redact: ['req.headers.cookie', 'req.headers.authorization'],
          },
    // malformed query strings and bodies must become 400s, never 500s
    routerOptions: { querystringParser: (str) => Object.fromEntries(new URLSearchParams(str)) },
    // every refusal in the `_data` envelope, also those before a route runs (decision 0028):
    // bad URL encoding (400), a path parameter over 100 characters (414), Node's parse errors
    // (431 headers or URL over 16 KB, 400, 408), and the 503 while closing (error-handler.ts)
    frameworkErrors: (error, request, reply) => void renderError(error, request, reply),
    clientErrorHandler,
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', { now: () => new Date(), ...deps });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);

  registerErrorHandling(app);
  await app.register(cookie);
  // JSON and HTML above 1 KB go out compressed when the client accepts it. Brotli at quality 4
  // is about as fast as gzip and smaller; the storefront's assets are compressed at build time
  // (modules/storefront-host) and carry their own content-encoding, which this leaves alone.
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
  // Security headers (http/content-security-policy.ts). Framing is left to CSP
  // frame-ancestors: this site by default, the seller's own origins on its storefront pages.
  await app.register(helmet, {
    frameguard: false,
    contentSecurityPolicy: { directives: { ...CSP_DIRECTIVES, upgradeInsecureRequests: null } },
  });
  // sandbox card tokens are signed (issue #12): with AUTH_SECRET's key when configured, else
  // with one the database keeps (modules/payments/sandbox-tokens.ts)
  if (deps.config.AUTH_SECRET) setSandboxTokenSecret(deps.config.AUTH_SECRET);

  app.get('/health', async () => ({ status: 'ok' }));

  // Route registration, one line per module (keep this list as the map of the API):
  // - http plugins: tix-app guard, sessions, the one caller (`request.caller`: seller and
  //   identity, declared per route with `config.caller`), cache headers (src/http/)
  registerAppHeaderGuard(app);
  registerPathGuard(app);
  // - abuse limits named by routes (`config.callLimit`), counted in the database (src/modules/limits/)
  registerCallLimits(app);
  registerSessions(app);
  // - seller API keys: `app.apiKeys` for the caller's `seller_api` routes, GET /admin/api/api_key (src/modules/api-keys/, decision 0042)
  registerApiKeys(app);
  registerCaller(app);
  await app.register(apiKeyRoutes);
  registerSessionRoutes(app);
  // - /api and /cached_api read routes: catalog (events, event_template, config, ticket_group)
  registerCatalogRoutes(app);
  // - memberships: membership_rules, my/membership, the membership QR (src/modules/memberships/)
  registerMembershipRoutes(app);
  // - availability: calendar, sessions, session detail, pricecheck (src/modules/availability/)
  registerAvailabilityRoutes(app);
  // - /api/my/cart and /api/cart: the cart and its holds (src/modules/cart/)
  registerCartRoutes(app);
  // - /api/code/{code}: promo and gift code lookup (apply_code is a cart call) (src/modules/codes/)
  registerCodeRoutes(app);
  // - mail: outbox sender (SMTP or dev mailbox) and /_dev/mail outside production (src/modules/mail/)
  registerMail(app);
  // - accounts, password reset, resend: /api/user, /api/my/user*, /api/password_reset/*, /api/(my/)ticket_order/resend
  await app.register(usersPlugin);
  await app.register(userRoutes);
  await app.register(passwordResetPlugin);
  await app.register(passwordResetRoutes);
  await app.register(resendPlugin);
  await app.register(resendRoutes);
  // - login, logout, passcodes, single sign-on, abuse limits (src/modules/auth/)
  await app.register(authPlugin);
  await app.register(authRoutes);
  // - pay and checkout calls (src/modules/checkout/)
  registerCheckoutRoutes(app);
  // - GET ticket_order/{id}, its QR code, DELETE …/auto_renew (src/modules/orders/)
  await app.register(orderRoutes);
  // - after the sale: ticket_order/{id}/manage, /cancel, /email and the order edit (src/modules/manage/, decision 0036)
  registerManageRoutes(app);
  // - the account area: /api/my/order_session, /api/my/ticket_order, (cached_api|api)/ticket_order (src/modules/account/)
  await app.register(accountRoutes);
  // - wallet passes: /api/ticket/{id}/walletprecheck, /pkpass, /gwpass (src/modules/wallet/, decision 0037)
  await app.register(walletRoutes);
  // - GET my/identity/saved_payment_method (src/modules/payments/, decision 0038)
  await app.register(savedMethodRoutes);
  // - GET /api/ledger/ledger/{number}: gift card lookup (src/modules/ledger/)
  await app.register(ledgerRoutes);
  // - the sandbox card gateway: /api/sandbox/payment_methods, /(api/)sandbox/authenticate (src/modules/payments/)
  await app.register(sandboxRoutes);
  // - settlement of processing payments (app.paymentSettlement) and POST /webhooks/stripe/{seller}
  registerPaymentSettlement(app);
  registerStripeWebhook(app);
  // - the auto-renew job's pass (app.autoRenew), over the checkout's payment path (decision 0038)
  registerAutoRenew(app);
  // - POST /api/giftee: the gift recipient's identity (src/modules/giftee/, decision 0023)
  await app.register(gifteeRoutes);
  // - GET /api/address/find, /api/address/retrieve: the seller's address service, proxied (src/modules/address/, decision 0024)
  await app.register(addressPlugin);
  await app.register(addressRoutes);
  // - the seller API (Authorization: Bearer key, decision 0042): /admin/api/ticket_order(/{id})
  //   (src/modules/seller-orders/), /admin/api/check_in and /admin/api/ticket/{code} (src/modules/check-in/)
  await app.register(sellerOrderRoutes);
  await app.register(checkInRoutes);
  // - /api/image: seller images (src/modules/images/)
  await registerImageRoutes(app);
  // - /api/seller_config and /cached_api/seller_config (src/modules/sellers/)
  await registerSellerConfigRoutes(app);
  // - storefront host: /assets-app/* and /{seller}/* with the seller config injected (keep last)
  await registerStorefrontHost(app);

  // Background jobs, started on ready and stopped on close, one place (src/jobs/registry.ts):
  // mail delivery, payment settlement, cart sweep, auth housekeeping, membership auto-renew
  registerJobs(app);

  return app;
}
