import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { afterEach, describe, expect, it } from 'vitest';
import { jobsPlugin } from '@/jobs/registry';
import { autoRenewPlugin } from '@/modules/auto-renew/auto-renew-plugin';
import { callerPlugin } from '@/http/caller';

/** A stand-in for a plugin the ones under test depend on: only its name matters here. */
const named = (name: string) => fp(async () => {}, { name });

/**
 * The order of app.ts is checked by Fastify, not remembered (decision 0049): a plugin registered
 * before a plugin it depends on stops the app at boot, naming what is missing.
 */
describe('plugin order', () => {
  let app: FastifyInstance;
  const bare = () => {
    app = Fastify();
    // what the plugins read from the app when they do register (app.ts decorates the real one)
    app.decorate('deps', {
      config: { SELLER_CACHE_MS: 0 },
      database: { db: {} },
      now: () => new Date(0),
    } as never);
    return app;
  };
  afterEach(async () => {
    await app.close();
  });

  it('refuses to boot when the caller comes before sessions and api keys', async () => {
    bare().register(callerPlugin);
    await expect(app.ready()).rejects.toThrow(
      /dependency 'sessions' of plugin 'request-caller' is not registered/,
    );
  });

  it('refuses to boot when api keys are missing, even with sessions before the caller', async () => {
    bare().register(named('sessions'));
    app.register(callerPlugin);
    await expect(app.ready()).rejects.toThrow(/dependency 'api-keys'/);
  });

  it('boots when the caller comes after both (the control)', async () => {
    bare().register(named('sessions'));
    app.register(named('api-keys'));
    app.register(callerPlugin);
    await expect(app.ready()).resolves.toBeDefined();
    expect(app.hasRequestDecorator('caller')).toBe(true);
  });

  it('refuses to boot when auto-renew comes before the checkout service it renews with', async () => {
    bare().register(named('cart-service'));
    app.register(named('payment-settlement'));
    app.register(named('sessions'));
    app.register(autoRenewPlugin);
    app.register(named('checkout-service'));
    await expect(app.ready()).rejects.toThrow(/dependency 'checkout-service'/);
  });

  it('refuses to boot when the jobs come before what they poll', async () => {
    bare().register(named('start-gate'));
    app.register(named('mail'));
    app.register(jobsPlugin);
    await expect(app.ready()).rejects.toThrow(/dependency 'payment-settlement'/);
  });
});
