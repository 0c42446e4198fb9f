import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appHeaderGuard } from './app-header-guard';
import { errorHandling } from './error-handler';

/** The guard on its own, with state-changing routes of its own (the catalog has none). */
describe('tix-app header guard', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    await app.register(errorHandling);
    await app.register(appHeaderGuard);
    app.post('/api/thing', async () => ({ ok: true }));
    app.delete('/api/thing/:id', async () => ({ ok: true }));
    app.post('/login-page', async () => ({ ok: true }));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  it.each(['/api/thing', '/api/thing?x=1', '/api/thing/', '/%61pi/thing', '/api/%74hing'])(
    'refuses POST %s without the header',
    async (url) => {
      const res = await app.inject({ method: 'POST', url, payload: {} });
      expect(res.statusCode).toBe(403);
      expect(res.json()._data[0]).toMatchObject({ _code: 'missing_app_header' });
    },
  );

  it('lets the storefront through and leaves non-API routes alone', async () => {
    const ok = await app.inject({
      method: 'DELETE',
      url: '/api/thing/1',
      headers: { 'tix-app': 'ecomm' },
    });
    expect(ok.statusCode).toBe(200);
    const wrongValue = await app.inject({
      method: 'DELETE',
      url: '/api/thing/1',
      headers: { 'tix-app': 'ECOMM' },
    });
    expect(wrongValue.statusCode).toBe(403);
    const outside = await app.inject({ method: 'POST', url: '/login-page', payload: {} });
    expect(outside.statusCode).toBe(200);
  });
});
