import type { FastifyInstance, RouteOptions } from 'fastify';
import { buildApp } from '@/app';
import { loadConfig, type AppConfig } from '@/config';
import type { Database } from '@/db/connection';

export interface TestAppOptions {
  /** the fixed clock (or a function, for tests that move time on) */
  now: Date | string | (() => Date);
  env?: Record<string, string>;
  /** told about every registered route (http/route-fuzz.test.ts) */
  onRoute?: (route: RouteOptions) => void;
}

export function testConfig(env: Record<string, string> = {}): AppConfig {
  // tests write rows between reads of the same URL: no server-side response cache unless asked
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    CACHED_API_SERVER_TTL_MS: '0',
    RESERVE_PLAN_CACHE_MS: '0',
    AVAILABILITY_SCOPE_CACHE_MS: '0',
    SELLER_CACHE_MS: '0',
    // background jobs that tests drive themselves (they call the sweep and purge directly)
    CART_SWEEP_MS: '0',
    AUTH_HOUSEKEEPING_MS: '0',
    PAYMENT_SETTLE_POLL_MS: '0',
    AUTO_RENEW_POLL_MS: '0',
    SESSION_ROLL_MS: '0',
    IMAGE_WARM_MS: '0',
    // tests race hundreds of carts from one inject address; limits/call-limits.test.ts sets it
    CART_CREATE_LIMIT: '0',
    // image tests encode many sizes from one inject address; images/image-encode-limit.test.ts sets it
    IMAGE_ENCODE_LIMIT: '0',
    // the database is the test's own: no staff-key file in the repository's data folder (the
    // staff API's tests pass STAFF_KEY, or a folder of their own)
    DATA_DIR: 'memory://',
    ...env,
  });
}

/** Builds the real app (no listening) on a test database with a fixed clock and no logging. */
export async function buildTestApp(
  database: Database,
  options: TestAppOptions,
): Promise<FastifyInstance> {
  const { now } = options;
  const clock = typeof now === 'function' ? now : () => new Date(now);
  const app = await buildApp(
    { config: testConfig(options.env), database, now: clock },
    { onRoute: options.onRoute },
  );
  await app.ready();
  return app;
}
