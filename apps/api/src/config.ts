import { z } from 'zod';

/** Environment, parsed once at start-up; a bad value stops the server with a readable message. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** PostgreSQL connection string; without it the embedded PGlite database is used */
  DATABASE_URL: z.string().url().optional(),
  /**
   * a streaming replica of DATABASE_URL: the /cached_api reads go there while it has replayed
   * every write a cache notice named, other reads and all writes go to the primary (decision 0097)
   */
  DATABASE_READ_URL: z.string().url().optional(),
  /**
   * a direct connection to the primary (never through pgbouncer) on which the server LISTENs for
   * the other nodes' cache notices; without it each node's caches end at their TTL (decision 0097).
   * Also the coalesced hold's named prepared statement, on up to 4 connections (decision 0118).
   */
  DATABASE_LISTEN_URL: z.string().url().optional(),
  /** milliseconds a cached read waits for the replica to catch up before reading the primary */
  REPLICA_WAIT_MS: z.coerce.number().int().min(0).max(5_000).default(100),
  /** where PGlite keeps its files; "memory://" keeps nothing */
  DATA_DIR: z.string().default('./data/pglite'),
  /**
   * the staff key of the seller API's staff routes (`npm run seller` while the server runs,
   * decision 0074); without it the server keeps one in STAFF_KEY_FILE, made at first start
   */
  STAFF_KEY: z.string().min(32).optional(),
  /**
   * where the server keeps its staff key (mode 0600) and the seller CLI reads it; by default
   * `staff-key` beside the PGlite folder (./data/staff-key), none when DATA_DIR is memory://
   */
  STAFF_KEY_FILE: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** seconds a /cached_api response may be reused by browsers and proxies */
  CACHE_MAX_AGE: z.coerce.number().int().min(0).default(60),
  /** milliseconds the server keeps a /cached_api body in process (0 turns it off) */
  CACHED_API_SERVER_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  /** milliseconds a reserve may reuse the catalogue rows it plans on (0 turns it off; decision 0011) */
  RESERVE_PLAN_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  /** milliseconds an availability read may reuse an event's catalogue rows, never capacity (0 turns it off; decision 0034) */
  AVAILABILITY_SCOPE_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  /** milliseconds a request may reuse the seller row and its settings (0 turns it off; decision 0028) */
  SELLER_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  /** milliseconds between sweeps of expired carts: a cart's places come back at most this long
   * after it expires (0 turns the job off; jobs/registry.ts) */
  CART_SWEEP_MS: z.coerce.number().int().min(0).max(3_600_000).default(15_000),
  /** milliseconds between purges of ended sessions and auth rows; nothing depends on it being
   * prompt, expiry is checked on use (0 turns the job off) */
  AUTH_HOUSEKEEPING_MS: z.coerce.number().int().min(0).max(86_400_000).default(600_000),
  /** built storefront (index.html and assets) */
  STOREFRONT_DIST: z.string().optional(),
  /**
   * the storefront's server-rendering bundle (`entry-server.js`, decision 0044); by default the
   * folder beside the built storefront named as it with `-ssr` (apps/storefront/dist-ssr)
   */
  STOREFRONT_SSR_DIST: z.string().optional(),
  /**
   * milliseconds the page host waits for a page's server render before it sends the page
   * unrendered, as the single-page app it also is (decision 0044); 0 turns server rendering off
   */
  // a drawn page paints seconds earlier on a phone than the unrendered one (decision 0044): wait
  // for it well past its usual 20–30 ms, and give up only on a render that hangs
  STOREFRONT_SSR_BUDGET_MS: z.coerce.number().int().min(0).max(10_000).default(250),
  /** seed the demo sellers into an empty database on start */
  SEED_DEMO: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** demo seed only: the sellers' cart hold in minutes instead of the seed's 15 (e2e short-hold test) */
  SEED_CART_HOLD_MINUTES: z.coerce.number().int().positive().optional(),
  /**
   * demo seed only: a folder with pass-certificate.pem, pass-key.pem and AppleWWDRCA.pem; the
   * demo sellers then sign Apple Wallet passes with them (README "Wallet passes"; the e2e
   * account spec makes throw-away ones). Without it the demo has no wallet credentials.
   */
  SEED_WALLET_DIR: z.string().min(1).optional(),
  /**
   * demo seed only: the instant the seed lays its dates out from (ISO 8601 with an offset,
   * e.g. 2026-11-24T23:51:00Z) instead of the start time; the server's own clock is not moved
   */
  SEED_NOW: z.iso
    .datetime({ offset: true })
    .transform((iso) => new Date(iso))
    .optional(),
  /**
   * tests only, refused in production (decision 0095): the server's clock starts at this instant
   * (ISO 8601 with an offset) and runs on at real speed, and the demo seed lays its dates out from
   * it unless SEED_NOW says otherwise. An e2e spec that needs a known hour of the venue's day
   * (the door's "today") starts its own server with it, so it passes whatever the real hour.
   */
  TEST_CLOCK_START: z.iso
    .datetime({ offset: true })
    .transform((iso) => new Date(iso))
    .optional(),
  /**
   * tests only: while this file exists, start-up waits before migrating (the server listens,
   * /health answers, everything else is 503), so a test sees that state for certain (decision 0082)
   */
  STARTUP_HOLD_FILE: z.string().min(1).optional(),
  /**
   * public origin of the storefront: the links in e-mails of every seller without its own
   * `public_origin`, and the printed URL. Required in production; in development it defaults to
   * http://localhost:{PORT}. A request's Host header never makes a link (decision 0025).
   */
  PUBLIC_URL: z.string().url().optional(),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .positive()
    .default(60 * 24),
  SESSION_ABSOLUTE_DAYS: z.coerce.number().int().positive().default(30),
  /**
   * HMAC key of the single-sign-on `state` (docs/decisions/0013). Set it when several processes
   * serve one site; without it each process draws a random key at start-up.
   */
  AUTH_SECRET: z.string().min(32).optional(),
  /** SMTP server for outgoing mail (smtp://user:pass@host:587); without it mails stay in the dev mailbox */
  SMTP_URL: z.string().url().optional(),
  /** the From header of every outgoing mail */
  MAIL_FROM: z.string().min(3).default('Admit <no-reply@admit.local>'),
  /** milliseconds between outbox polls; 0 turns the background sender off (tests drive it) */
  MAIL_POLL_MS: z.coerce.number().int().min(0).max(3_600_000).default(2000),
  /**
   * milliseconds between passes of the membership auto-renew job (decision 0038): a scheduled
   * term is charged from 7 days before its end, so an hour is prompt; 0 turns it off (tests
   * drive it)
   */
  AUTO_RENEW_POLL_MS: z.coerce.number().int().min(0).max(86_400_000).default(3_600_000),
  /**
   * milliseconds between passes that lay out the days coming into a rolling session rule's
   * window (`ahead_days`, decision 0041); 0 turns it off (tests drive it)
   */
  SESSION_ROLL_MS: z.coerce.number().int().min(0).max(86_400_000).default(3_600_000),
  /**
   * milliseconds between passes of the image warming job (decision 0033): each pass encodes a
   * couple of the missing standard variants of the events' covers and teasers and keeps them,
   * so no visitor waits for an encode; with nothing left it looks again every 30 passes. 0 turns
   * it off (tests drive it, the e2e servers skip it)
   */
  IMAGE_WARM_MS: z.coerce.number().int().min(0).max(3_600_000).default(1000),
  /**
   * new image variants (sizes or formats not yet kept) one client address may have encoded per
   * minute; kept variants are always served. 0 turns the limit off (decision 0046)
   */
  IMAGE_ENCODE_LIMIT: z.coerce.number().int().min(0).default(30),
  /** milliseconds between passes over processing payments; 0 turns it off (tests drive it) */
  PAYMENT_SETTLE_POLL_MS: z.coerce.number().int().min(0).max(3_600_000).default(2000),
  /**
   * milliseconds a request (or the recovery) owns an Idempotency-Key before a retry or the
   * recovery may take it over (decision 0027): bounds how long a retry can see 409
   */
  PAYMENT_LEASE_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  /**
   * "off" disables payment recovery (the job and the retry's finishing): the crash test's
   * control, to show its check fails without it. Never set it in production.
   */
  PAYMENT_RECOVERY: z.enum(['on', 'off']).default('on'),
  /** base URL of the Loqate Capture Interactive API behind /api/address/* (decision 0024) */
  ADDRESS_API_URL: z.string().url().default('https://api.addressy.com'),
  /** milliseconds a sandbox payment with the processing test card stays processing */
  SANDBOX_PROCESSING_MS: z.coerce.number().int().min(0).max(86_400_000).default(5000),
  /** storefront error reports (POST /api/client_errors) per client address per 15 minutes (0 turns the limit off; decision 0061) */
  CLIENT_ERROR_LIMIT: z.coerce.number().int().min(0).default(30),
  /**
   * a Sentry-compatible DSN the storefront reports its errors to (public: it is in every page's
   * config); without one it reports to POST /api/client_errors (decision 0061)
   */
  ERROR_REPORTER_DSN: z.string().url().optional(),
  /**
   * the secret key of the Cloudflare Turnstile widget whose site key sellers put in
   * `checkout.captcha_site_key`: guests' tokens are checked with it (decision 0068). Unset: a
   * seller with provider `turnstile` and a site key refuses guest payments (fail closed)
   */
  TURNSTILE_SECRET_KEY: z.string().min(1).optional(),
  /** new carts one client address may start per 15 minutes; 0 turns the limit off (decision 0025) */
  CART_CREATE_LIMIT: z.coerce.number().int().min(0).default(100),
  /**
   * which proxies in front of the API may name the client in X-Forwarded-For (Fastify's
   * `trustProxy`): unset or `false` trusts none (the socket's address is the client), a number
   * trusts that many hops, anything else is a comma-separated list of addresses and CIDRs (e.g.
   * `127.0.0.1,10.0.0.0/8`). Behind nginx it must be set, or every visitor shares one address
   * and its abuse limits (decision 0025).
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v): boolean | number | string => {
      if (v === undefined || v === '' || v === 'false') return false;
      if (v === 'true') return true;
      return /^\d+$/.test(v) ? Number(v) : v;
    }),
});

export type AppConfig = z.infer<typeof envSchema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const config = parsed.data;
  if (config.NODE_ENV === 'production' && config.PUBLIC_URL === undefined) {
    // links in e-mails (password reset, passcodes, orders) must never follow a request's Host
    throw new Error(
      'Invalid environment:\n  PUBLIC_URL: required in production (the public origin of the storefront, e.g. https://tickets.example.org); links in e-mails are built from it',
    );
  }
  if (config.NODE_ENV === 'production' && config.TEST_CLOCK_START !== undefined) {
    // a moved clock would shift every hold, expiry and visit date of real buyers
    throw new Error(
      'Invalid environment:\n  TEST_CLOCK_START: tests only, never in production (it moves the server clock)',
    );
  }
  return config;
}

/**
 * The server's clock: the real one, or (TEST_CLOCK_START, tests only) one that starts at the
 * given instant and runs on at real speed from `bootedAt`.
 */
export function clockOf(
  config: Pick<AppConfig, 'TEST_CLOCK_START'>,
  bootedAt = Date.now(),
): () => Date {
  const start = config.TEST_CLOCK_START;
  if (!start) return () => new Date();
  const offset = start.getTime() - bootedAt;
  return () => new Date(Date.now() + offset);
}

/** The origin links fall back to: PUBLIC_URL, else (development, tests) this server on localhost. */
export function defaultPublicOrigin(config: Pick<AppConfig, 'PUBLIC_URL' | 'PORT'>): string {
  return (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '');
}
