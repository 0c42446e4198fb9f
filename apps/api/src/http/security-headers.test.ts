import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '@/testing/build-test-app';
import { openPgliteTestDatabase, type TestDatabase } from '@/testing/test-database';

/** The real app's security headers (helmet), on an API answer and on the health route. */
describe('security headers', () => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  beforeAll(async () => {
    testDb = await openPgliteTestDatabase();
    app = await buildTestApp(testDb.database, { now: '2026-11-22T12:00:00Z' });
  });
  afterAll(async () => {
    await app.close();
    await testDb.dispose();
  });

  it('sends a same-origin content security policy; only this site may frame it', async () => {
    for (const url of ['/health', '/api/events/available?_seller=nobody']) {
      const res = await app.inject(url);
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("default-src 'self'");
      // Cloudflare Turnstile, the guests' captcha: its script and its challenge frame only
      expect(csp).toMatch(/script-src [^;]*https:\/\/challenges\.cloudflare\.com/);
      expect(csp).toMatch(/frame-src 'self' https:\/\/challenges\.cloudflare\.com[ ;]/);
      // Stripe.js, its card frames and 3-D Secure's, and its API (Stripe's CSP guide)
      expect(csp).toMatch(/script-src [^;]*https:\/\/js\.stripe\.com/);
      expect(csp).toMatch(
        /frame-src [^;]*https:\/\/js\.stripe\.com[^;]*https:\/\/hooks\.stripe\.com/,
      );
      expect(csp).toMatch(/connect-src 'self' https:\/\/api\.stripe\.com(;|$)/);
      // sellers' storefront pages allow the seller's own origins (storefront-host.test.ts)
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).not.toContain('frame-ancestors *');
      expect(res.headers['x-frame-options']).toBeUndefined();
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it("lets the browser reach the error reporter's origin when a DSN is configured", async () => {
    const reporting = await buildTestApp(testDb.database, {
      now: '2026-11-22T12:00:00Z',
      env: { ERROR_REPORTER_DSN: 'https://key@o1.ingest.example.io/42' },
    });
    try {
      const csp = String((await reporting.inject('/health')).headers['content-security-policy']);
      expect(csp).toMatch(
        /connect-src 'self' https:\/\/api\.stripe\.com https:\/\/o1\.ingest\.example\.io(;|$)/,
      );
    } finally {
      await reporting.close();
    }
  });
});
