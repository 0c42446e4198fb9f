import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '@/app';
import { testConfig } from '@/testing/build-test-app';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { firstError } from '@/testing/responses';

/**
 * The start gate on the real app (decision 0082), held as main.ts holds it: on a migrated
 * database, /ready still says "starting" and every other route is 503 with Retry-After until
 * start-up opens the gate; a gate opened after closing began starts nothing.
 */
describeEachDatabase('the start gate', (ctx) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp({ config: testConfig(), database: ctx.database }, { holdStart: true });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers /health, and 503 elsewhere until opened, then serves', async () => {
    expect((await app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    const ready = await app.inject({ method: 'GET', url: '/ready' });
    expect(ready.statusCode).toBe(503);
    expect(firstError(ready.json())).toMatchObject({
      _code: 'service_unavailable',
      _description: 'The server is starting',
    });
    for (const url of ['/api/seller_config?_seller=nobody', '/nobody/events', '/no/such/route']) {
      const held = await app.inject({ method: 'GET', url });
      expect(held.statusCode, url).toBe(503);
      expect(held.headers['retry-after']).toBe('5');
      expect(held.json()).toEqual({
        _data: [
          {
            _code: 'service_unavailable',
            _context: 'request',
            _description: 'The server is starting',
            _extra: null,
          },
        ],
      });
    }

    expect(await app.startGate.open()).toBe(true);
    expect((await app.inject({ method: 'GET', url: '/ready' })).statusCode).toBe(200);
    const call = await app.inject({ method: 'GET', url: '/api/seller_config?_seller=nobody' });
    expect(call.statusCode).toBe(404);
    expect(firstError(call.json())).toMatchObject({ _code: 'seller_not_found' });
  });

  it('opens nothing once the app is closing', async () => {
    const closing = await buildApp(
      { config: testConfig(), database: ctx.database },
      { holdStart: true },
    );
    let ran = false;
    closing.startGate.whenOpening(() => void (ran = true));
    await closing.ready();
    await closing.close();
    expect(await closing.startGate.open()).toBe(false);
    expect(ran).toBe(false);
    expect(closing.startGate.isOpen()).toBe(false);
  });
});
