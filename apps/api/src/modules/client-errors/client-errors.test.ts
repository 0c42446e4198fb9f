import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { APP_HEADER, APP_HEADER_VALUE } from '@admit/contracts/constants';
import { buildTestApp } from '@/testing/build-test-app';
import { describeEachDatabase } from '@/testing/describe-each-database';
import { makeSeller, type SellerRow } from '@/testing/factories';
import { firstError } from '@/testing/responses';

const START = new Date('2029-03-01T10:00:00Z');
const LIMIT = 3;

/** POST /api/client_errors (identity §8, decision 0061): logged, redacted, bounded, limited. */
describeEachDatabase('storefront error reports: POST /api/client_errors', (ctx) => {
  let app: FastifyInstance;
  let shop: SellerRow;
  let clock = START;
  beforeAll(async () => {
    app = await buildTestApp(ctx.database, {
      now: () => clock,
      env: { CLIENT_ERROR_LIMIT: String(LIMIT) },
    });
    shop = await makeSeller(ctx.db);
  });
  afterAll(async () => {
    await app.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const report = (payload: unknown, ip: string, seller = shop.slug) =>
    app.inject({
      method: 'POST',
      url: `/api/client_errors?_seller=${seller}`,
      headers: { [APP_HEADER]: APP_HEADER_VALUE, 'content-type': 'application/json' },
      remoteAddress: ip,
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });

  it('logs a report through the app logger, redacted again on the server, and answers 204', async () => {
    const warn = vi.spyOn(app.log, 'warn');
    const res = await report(
      {
        message: 'Another user account is using ada@example.org',
        name: 'ApiError',
        context: 'cart_extend',
        status: 500,
        code: 'internal_error',
        method: 'PATCH',
        url: '/api/my/cart/c1?_seller=x&token=s3cret',
        page: '/shop/user/reset-password?token=abc&email=ada%40example.org',
      },
      '10.0.0.1',
    );
    expect(res.statusCode, res.body).toBe(204);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(warn).toHaveBeenCalledTimes(1);
    const [logged, message] = warn.mock.calls[0] as unknown as [Record<string, unknown>, string];
    expect(message).toBe('storefront error report');
    expect(logged.client_error).toEqual({
      message: 'Another user account is using [email]',
      name: 'ApiError',
      context: 'cart_extend',
      status: 500,
      code: 'internal_error',
      method: 'PATCH',
      url: '/api/my/cart/c1?_seller=x&token=[redacted]',
      page: '/shop/user/reset-password?token=[redacted]&email=[redacted]',
      seller: shop.slug,
    });
    // the secrets themselves, not a bare 'ada': the random seller slug is hex and may hold it
    const whole = JSON.stringify(logged);
    for (const secret of ['ada@example.org', 'ada%40example.org', 's3cret', 'token=abc']) {
      expect(whole).not.toContain(secret);
    }
  });

  it('refuses a body outside its schema (400) and one over the size limit (413), unlogged', async () => {
    const warn = vi.spyOn(app.log, 'warn');
    const missing = await report({ context: 'x' }, '10.0.0.2');
    expect(missing.statusCode).toBe(400);
    const extra = await report({ message: 'm', context: 'x', cookie: 'a' }, '10.0.0.2');
    expect(extra.statusCode).toBe(400);
    const long = await report({ message: 'm'.repeat(1001), context: 'x' }, '10.0.0.2');
    expect(long.statusCode).toBe(400);
    const huge = await report(
      { message: 'm', context: 'x', stack: 's'.repeat(20_000) },
      '10.0.0.3',
    );
    expect(huge.statusCode).toBe(413);
    expect(firstError(huge.json())).toMatchObject({ _code: expect.any(String) });
    expect(warn).not.toHaveBeenCalled();
  });

  it('refuses an unknown seller', async () => {
    const res = await report({ message: 'm', context: 'x' }, '10.0.0.4', 'no-such-shop');
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });

  it(`lets one address send ${LIMIT} reports per window, then answers 429 rate_limited`, async () => {
    const warn = vi.spyOn(app.log, 'warn');
    const body = { message: 'boom', context: 'unhandled_rejection' };
    for (let i = 0; i < LIMIT; i++) {
      expect((await report(body, '10.0.1.1')).statusCode).toBe(204);
    }
    const refused = await report(body, '10.0.1.1');
    expect(refused.statusCode).toBe(429);
    expect(firstError(refused.json())).toMatchObject({
      _code: 'rate_limited',
      _context: 'client_errors',
      _extra: { retry_after_seconds: expect.any(Number) },
    });
    expect(warn).toHaveBeenCalledTimes(LIMIT);
    // another address is counted on its own
    expect((await report(body, '10.0.1.2')).statusCode).toBe(204);
    // and the window passes (the server's clock)
    clock = new Date(START.getTime() + 16 * 60_000);
    expect((await report(body, '10.0.1.1')).statusCode).toBe(204);
  });
});
