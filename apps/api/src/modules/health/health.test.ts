import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPglite, openDatabase, type Database } from '@/db/connection';
import { buildTestApp } from '@/testing/build-test-app';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { firstError } from '@/testing/responses';
import { createReadinessProbe } from './readiness';

const NOW = new Date('2029-03-01T10:00:00Z');

/** The probe alone: its answers, its timeout, its cache (a test clock, fake timers). */
describe('readiness probe', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is ready when every shipped migration is applied, not before', async () => {
    let applied = 3;
    let clock = 0;
    const probe = createReadinessProbe({
      applied: async () => applied,
      shipped: 4,
      clock: () => clock,
    });
    expect(await probe.check()).toEqual({ ready: false, reason: 'not_migrated' });
    applied = 4;
    clock += 1000;
    expect(await probe.check()).toEqual({ ready: true });
  });

  it('counts a failing or hanging query as an unreachable database', async () => {
    vi.useFakeTimers();
    let clock = 0;
    let applied: () => Promise<number> = () => Promise.reject(new Error('ECONNREFUSED'));
    const probe = createReadinessProbe({
      applied: () => applied(),
      shipped: 1,
      timeoutMs: 500,
      clock: () => clock,
    });
    expect(await probe.check()).toEqual({ ready: false, reason: 'database_unreachable' });
    applied = () => new Promise<number>(() => {});
    clock += 1000;
    const hanging = probe.check();
    await vi.advanceTimersByTimeAsync(499);
    let settled = false;
    void hanging.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await hanging).toEqual({ ready: false, reason: 'database_unreachable' });
  });

  it('asks the database once per second however often it is polled', async () => {
    let clock = 0;
    const applied = vi.fn(async () => 1);
    const probe = createReadinessProbe({ applied, shipped: 1, ttlMs: 1000, clock: () => clock });
    await Promise.all([probe.check(), probe.check(), probe.check()]);
    expect(applied).toHaveBeenCalledTimes(1);
    clock += 999;
    await probe.check();
    expect(applied).toHaveBeenCalledTimes(1);
    clock += 1;
    await probe.check();
    expect(applied).toHaveBeenCalledTimes(2);
  });
});

/** GET /health and GET /ready on the real app. */
describeEachDatabase('GET /health and GET /ready', (ctx) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { now: NOW });
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers alive and ready on a migrated database', async () => {
    const health = await app.inject({ method: 'GET', url: '/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await app.inject({ method: 'GET', url: '/ready' });
    expect(ready.statusCode, ready.body).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
    expect(ready.headers['cache-control']).toBe('no-store');
  });
});

/**
 * The 503s: an empty database until it is migrated, and a database that went away (PGlite
 * closed under the app). The probe's cache is stepped past with a moved `performance.now`.
 */
describe('GET /ready before the migrations and without a database', () => {
  let database: Database;
  let app: FastifyInstance;
  let clock = 0;
  beforeAll(async () => {
    vi.spyOn(performance, 'now').mockImplementation(() => clock);
    database = await openDatabase({ pglite: await createPglite() });
    app = await buildTestApp(database, { now: NOW });
  });
  afterAll(async () => {
    await app.close();
    vi.restoreAllMocks();
  });

  const ready = async () => {
    clock += 1000;
    return app.inject({ method: 'GET', url: '/ready' });
  };

  it('is 503 in the envelope until the migrations ran, then 200, and 503 once the database is gone', async () => {
    const before = await ready();
    expect(before.statusCode).toBe(503);
    expect(firstError(before.json())).toMatchObject({
      _code: 'service_unavailable',
      _context: 'database',
      _description: 'The database has not been migrated to this version yet',
    });
    expect((await app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);

    await database.migrate();
    expect((await ready()).statusCode).toBe(200);

    await database.close();
    const gone = await ready();
    expect(gone.statusCode).toBe(503);
    expect(firstError(gone.json())).toMatchObject({
      _code: 'service_unavailable',
      _description: 'The database cannot be reached',
    });
  });
});
