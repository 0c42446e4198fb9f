import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import { constants as zlib } from 'node:zlib';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import type { Database } from './db/connection';
import { appHeaderGuard } from './http/app-header-guard';
import { cacheNotices } from './http/cache-notices-plugin';
import { callerPlugin } from './http/caller';
import { clientErrorHandler } from './http/client-error';
import { securityHeaders } from './http/security-headers';
import { errorHandling, renderError } from './http/error-handler';
import { pathGuard } from './http/path-guard';
import { startGate } from './http/start-gate';
import { jobsPlugin } from './jobs/registry';
import { healthRoutes } from './modules/health/routes';
import { callLimits } from './modules/limits/call-limits';
import { setSandboxTokenSecret } from './modules/payments/sandbox-tokens';
import { imagesService } from './modules/images/images-plugin';
import { imageRoutes } from './modules/images/routes';
import { sellersService } from './modules/sellers/sellers-plugin';
import { sellerConfigRoutes } from './modules/sellers/routes';
import { storefrontHost } from './modules/storefront-host/routes';
import { availabilityService } from './modules/availability/availability-plugin';
import { availabilityRoutes } from './modules/availability/routes';
import { seatsService } from './modules/seats/seats-plugin';
import { seatRoutes } from './modules/seats/routes';
import { cartServicePlugin } from './modules/cart/cart-plugin';
import { cartRoutes } from './modules/cart/routes';
import { codeRoutes } from './modules/codes/routes';
import { catalogService } from './modules/catalog/catalog-plugin';
import { catalogRoutes } from './modules/catalog/routes';
import { membershipsService } from './modules/memberships/memberships-plugin';
import { membershipRoutes } from './modules/memberships/routes';
import { sessionRoutes } from './modules/sessions/routes';
import { sessionsPlugin } from './modules/sessions/sessions-plugin';
import { mailPlugin } from './modules/mail/mail-plugin';
import { passwordResetPlugin } from './modules/password-reset/password-reset-plugin';
import { passwordResetRoutes } from './modules/password-reset/routes';
import { resendPlugin } from './modules/resend/resend-plugin';
import { resendRoutes } from './modules/resend/routes';
import { usersPlugin } from './modules/users/users-plugin';
import { userRoutes } from './modules/users/routes';
import { authPlugin } from './modules/auth/auth-plugin';
import { authRoutes } from './modules/auth/routes';
import { checkoutServicePlugin } from './modules/checkout/checkout-plugin';
import { checkoutRoutes } from './modules/checkout/routes';
import { paymentSettlementPlugin } from './modules/checkout/settlement-plugin';
import { autoRenewPlugin } from './modules/auto-renew/auto-renew-plugin';
import { stripeWebhookRoutes } from './modules/checkout/stripe-webhook';
import { ledgerRoutes } from './modules/ledger/routes';
import { orderRoutes } from './modules/orders/routes';
import { orderEditServicePlugin } from './modules/manage/manage-plugin';
import { manageRoutes } from './modules/manage/routes';
import { accountRoutes } from './modules/account/routes';
import { walletRoutes } from './modules/wallet/routes';
import { savedMethodRoutes } from './modules/payments/saved-method-routes';
import { sandboxRoutes } from './modules/payments/sandbox-routes';
import { gifteeRoutes } from './modules/giftee/routes';
import { addressPlugin } from './modules/address/address-plugin';
import { addressRoutes } from './modules/address/routes';
import { apiKeysPlugin } from './modules/api-keys/api-keys-plugin';
import { apiKeyRoutes } from './modules/api-keys/routes';
import { checkInRoutes } from './modules/check-in/routes';
import { sellerOrderRoutes } from './modules/seller-orders/routes';
import { staffApiRoutes } from './modules/staff-api/routes';
import { officePlugin } from './modules/office/office-plugin';
import { officeSessionRoutes } from './modules/office/session-routes';
import { officeStaffRoutes } from './modules/office/staff-routes';
import { officeStaffResetRoutes } from './modules/office/staff-reset-routes';
import { officeTodayRoutes } from './modules/office-today/routes';
import { officeSalesRoutes } from './modules/office-sales/routes';
import { officeCapacityRoutes } from './modules/office-capacity/routes';
import { officeMembersRoutes } from './modules/office-members/routes';
import { officeCatalogueRoutes } from './modules/office-catalogue/routes';
import { officeOrdersRoutes } from './modules/office-orders/routes';
import { clientErrorRoutes } from './modules/client-errors/routes';

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
  /**
   * main.ts: every route but /health and /ready answers 503 until it calls `app.startGate.open()`
   * after migrating (decision 0082); otherwise the app opens on `ready` (tests)
   */
  holdStart?: boolean;
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

  // The app's map (decision 0049): the plugins in order, one line each. A plugin that decorates
  // the app or adds global hooks is a fastify-plugin with a name and the names it depends on, so
  // Fastify refuses to boot when one is registered before what it needs; the routes are
  // encapsulated plugins reading the services those decorate (`app.cart`, `app.checkout`).
  // - the `_data` error envelope, the 404 of unknown routes, the 503 while closing (src/http/)
  await app.register(errorHandling);
  // - the 503 of every route but /health and /ready until start-up has migrated (src/http/start-gate.ts)
  await app.register(startGate, { held: options.holdStart === true });
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
  // Security headers, built once (http/security-headers.ts, the policy in content-security-policy.ts)
  await app.register(securityHeaders, { errorReporterDsn: deps.config.ERROR_REPORTER_DSN });
  // sandbox card tokens are signed (issue #12): with AUTH_SECRET's key when configured, else
  // with one the database keeps (modules/payments/sandbox-tokens.ts)
  if (deps.config.AUTH_SECRET) setSandboxTokenSecret(deps.config.AUTH_SECRET);

  // - GET /health (alive) and GET /ready (migrated, database reachable) (src/modules/health/)
  await app.register(healthRoutes);

  // - cached reads kept fresh across nodes: notices sent after writes, one LISTEN per node
  //   (PostgreSQL with DATABASE_LISTEN_URL only; src/http/cache-notices-plugin.ts, decision 0097)
  await app.register(cacheNotices);

  // - request guards: the tix-app header on state-changing /api calls, no NUL in params or body
  await app.register(appHeaderGuard);
  await app.register(pathGuard);
  // - abuse limits named by routes (`config.callLimit`), counted in the database (src/modules/limits/)
  await app.register(callLimits);
  // - cookie sessions and the request → identity resolution: `app.sessions`, `app.identities`
  await app.register(sessionsPlugin);
  // - seller API keys: `app.apiKeys` for the caller's `seller_api` routes (decision 0042)
  await app.register(apiKeysPlugin);
  // - the one caller (`request.caller`: seller and identity, declared per route with
  //   `config.caller`), after sessions and api-keys (src/http/caller.ts)
  await app.register(callerPlugin);
  // - GET /admin/api/api_key (src/modules/api-keys/); GET/DELETE my/session (src/modules/sessions/)
  await app.register(apiKeyRoutes);
  await app.register(sessionRoutes);
  // - /api and /cached_api read routes: catalog (events, event_template, config, ticket_group)
  await app.register(catalogService);
  await app.register(catalogRoutes);
  // - memberships: membership_rules, my/membership, the membership QR (src/modules/memberships/)
  await app.register(membershipsService);
  await app.register(membershipRoutes);
  // - availability: calendar, sessions, session detail, pricecheck (src/modules/availability/)
  await app.register(availabilityService);
  await app.register(availabilityRoutes);
  // - reserved seating: a session's seat map (src/modules/seats/, decision 0052)
  await app.register(seatsService);
  await app.register(seatRoutes);
  // - the cart service (`app.cart`), then /api/my/cart and /api/cart: the cart and its holds (src/modules/cart/)
  await app.register(cartServicePlugin);
  await app.register(cartRoutes);
  // - /api/code/{code}: promo and gift code lookup (apply_code is a cart call) (src/modules/codes/)
  await app.register(codeRoutes);
  // - mail: outbox sender (`app.mailSender`) and /_dev/mail outside production (src/modules/mail/)
  await app.register(mailPlugin);
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
  // - settlement of processing payments and the Idempotency-Key recovery (`app.paymentSettlement`)
  await app.register(paymentSettlementPlugin);
  // - the checkout service (`app.checkout`), then the pay and checkout calls (src/modules/checkout/)
  await app.register(checkoutServicePlugin);
  await app.register(checkoutRoutes);
  // - GET ticket_order/{id}, its QR code, DELETE …/auto_renew (src/modules/orders/)
  await app.register(orderRoutes);
  // - after the sale: the order edit's services (`app.orderEdit`), then ticket_order/{id}/manage,
  //   /cancel, /email and the order edit (src/modules/manage/, decision 0036)
  await app.register(orderEditServicePlugin);
  await app.register(manageRoutes);
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
  // - POST /webhooks/stripe/{seller}: Stripe's intent events settle at once (src/modules/checkout/)
  await app.register(stripeWebhookRoutes);
  // - the auto-renew job's pass (`app.autoRenew`), over the one cart and checkout services (decision 0038)
  await app.register(autoRenewPlugin);
  // - POST /api/giftee: the gift recipient's identity (src/modules/giftee/, decision 0023)
  await app.register(gifteeRoutes);
  // - GET /api/address/find, /api/address/retrieve: the seller's address service, proxied (src/modules/address/, decision 0024)
  await app.register(addressPlugin);
  await app.register(addressRoutes);
  // - the seller API (Authorization: Bearer key, decision 0042): /admin/api/ticket_order(/{id})
  //   (src/modules/seller-orders/), /admin/api/check_in and /admin/api/ticket/{code} (src/modules/check-in/)
  await app.register(sellerOrderRoutes);
  await app.register(checkInRoutes);
  // - the seller API's staff routes (the server's staff key, decision 0074): door-scanner keys,
  //   the orders export, the seller file out and in, so `npm run seller` works while this runs
  //   (src/modules/staff-api/); the server keeps its staff key in its data folder
  await app.register(staffApiRoutes);
  // - the back office (issue #27, decision 0083): the role guard (`app.requireStaff`), then
  //   /api/office/login, /logout, /me, staff management and the audit log (src/modules/office/)
  await app.register(officePlugin);
  await app.register(officeSessionRoutes);
  await app.register(officeStaffRoutes);
  //   and a staff user's own reset by e-mail, /api/office/password_reset/* (decision 0095)
  await app.register(officeStaffResetRoutes);
  // - the office's reports (decision 0088): GET /api/office/today (every role; src/modules/office-today/),
  //   GET /api/office/sales(/export) (owner, box office; src/modules/office-sales/)
  await app.register(officeTodayRoutes);
  await app.register(officeSalesRoutes);
  // - capacity, members and the catalogue (decision 0089): src/modules/office-capacity/,
  //   office-members/, office-catalogue/
  await app.register(officeCapacityRoutes);
  await app.register(officeMembersRoutes);
  await app.register(officeCatalogueRoutes);
  // - the box office's orders: search, the order's story, resend, cancel and refund, notes (0087)
  await app.register(officeOrdersRoutes);
  // - POST /api/client_errors: storefront error reports without a Sentry DSN, logged (src/modules/client-errors/, decision 0061)
  await app.register(clientErrorRoutes);
  // - /api/image: seller images (src/modules/images/)
  await app.register(imagesService);
  await app.register(imageRoutes);
  // - /api/seller_config and /cached_api/seller_config (src/modules/sellers/)
  await app.register(sellersService);
  await app.register(sellerConfigRoutes);
  // - storefront host: /assets-app/* and /{seller}/* with the seller config injected (keep last)
  await app.register(storefrontHost);

  // - background jobs, started on ready and stopped on close, one place (src/jobs/registry.ts):
  //   mail delivery, payment settlement, cart sweep, auth housekeeping, membership auto-renew
  await app.register(jobsPlugin);

  return app;
}
