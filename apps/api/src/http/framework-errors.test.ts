import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { APP_HEADER, APP_HEADER_VALUE } from '@admit/contracts/constants';
import { buildTestApp } from '@/testing/build-test-app';
import { firstError } from '@/testing/responses';
import { makeSeller } from '@/testing/factories';
import { openPgliteTestDatabase, type TestDatabase } from '@/testing/test-database';
import { registerErrorHandling } from './error-handler';

/**
 * Refusals that happen before (or beside) a route's own code — Node's parser, Fastify's router
 * and body parsers, a raw zod parse — answer in the spec's `_data` envelope (issue #12 item 5,
 * decision 0028), and a HEAD answer never carries a body.
 */

/** Sends raw bytes to the listening server and returns everything it answers. */
function rawRequest(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', (err) => {
      // the server destroys the socket after answering: what came before the reset counts
      if (chunks.length > 0) resolve(Buffer.concat(chunks).toString('latin1'));
      else reject(err);
    });
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
    socket.write(bytes);
  });
}

const splitResponse = (raw: string) => {
  const at = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, at);
  return { status: Number(head.split(' ')[1]), head, body: raw.slice(at + 4) };
};

describe('framework-level errors answer in the envelope', () => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  let port = 0;
  let slug = '';
  beforeAll(async () => {
    testDb = await openPgliteTestDatabase();
    app = await buildTestApp(testDb.database, { now: '2026-11-22T12:00:00Z' });
    slug = (await makeSeller(testDb.database.db)).slug;
    await app.listen({ host: '127.0.0.1', port: 0 });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await app.close();
    await testDb.dispose();
  });

  const post = (url: string, headers: Record<string, string>, payload: string) =>
    app.inject({
      method: 'POST',
      url,
      headers: { [APP_HEADER]: APP_HEADER_VALUE, ...headers },
      payload,
    });

  it('answers a bad URL encoding with 400 validation_failed (FST_ERR_BAD_URL)', async () => {
    const res = await app.inject(`/api/cart/%ED%A0%80?_seller=${slug}`);
    expect(res.statusCode).toBe(400);
    expect(firstError(res.json())).toMatchObject({
      _code: 'validation_failed',
      _context: 'request',
    });
  });

  it('answers a path parameter over 100 characters with 414 uri_too_long', async () => {
    // the seller segment of the storefront host (`/:seller`) is the parameter the router refuses
    const res = await app.inject(`/${'a'.repeat(101)}`);
    expect(res.statusCode).toBe(414);
    expect(firstError(res.json())?._code).toBe('uri_too_long');
  });

  it('answers an unknown route with 404 not_found, and a HEAD with no body', async () => {
    const res = await app.inject('/api/no-such-route');
    expect(res.statusCode).toBe(404);
    expect(firstError(res.json())).toMatchObject({ _code: 'not_found', _context: 'route' });
    const head = splitResponse(
      await rawRequest(
        port,
        'HEAD /api/no-such-route HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
      ),
    );
    expect(head.status).toBe(404);
    expect(head.body).toBe('');
  });

  it('answers body errors: 415 unsupported_media_type, 413 payload_too_large, malformed JSON 400', async () => {
    const url = `/api/my/cart/modify?_seller=${slug}`;
    const media = await post(url, { 'content-type': 'text/csv' }, 'a,b');
    expect(media.statusCode).toBe(415);
    expect(firstError(media.json())?._code).toBe('unsupported_media_type');

    const large = await post(
      url,
      { 'content-type': 'application/json' },
      `"${'x'.repeat(1_100_000)}"`,
    );
    expect(large.statusCode).toBe(413);
    expect(firstError(large.json())?._code).toBe('payload_too_large');

    const malformed = await post(url, { 'content-type': 'application/json' }, '{"add": [');
    expect(malformed.statusCode).toBe(400);
    expect(firstError(malformed.json())?._code).toBe('validation_failed');
  });

  it('answers a gift card number over 70 digits with 400, not 500', async () => {
    const res = await app.inject(`/api/ledger/ledger/${'1'.repeat(71)}?_seller=${slug}`);
    expect(res.statusCode).toBe(400);
    expect(firstError(res.json())).toMatchObject({
      _code: 'validation_failed',
      _extra: expect.objectContaining({ field: 'number' }),
    });
  });

  it('answers headers or a URL over 16 KB with 431 headers_too_large, without a body on HEAD', async () => {
    const big = 'x'.repeat(17 * 1024);
    for (const [request, method] of [
      [`GET /health HTTP/1.1\r\nHost: x\r\nX-Big: ${big}\r\n\r\n`, 'GET'],
      [`GET /api/cart/${big} HTTP/1.1\r\nHost: x\r\n\r\n`, 'GET'],
      [`HEAD /health HTTP/1.1\r\nHost: x\r\nX-Big: ${big}\r\n\r\n`, 'HEAD'],
    ] as const) {
      const res = splitResponse(await rawRequest(port, request));
      expect(res.status).toBe(431);
      expect(res.head.toLowerCase()).toContain('content-type: application/json');
      if (method === 'HEAD') {
        expect(res.body).toBe('');
      } else {
        expect(firstError(JSON.parse(res.body))).toMatchObject({
          _code: 'headers_too_large',
          _context: 'request',
        });
      }
    }
  });

  it('answers a request Node cannot parse with 400 in the envelope', async () => {
    const res = splitResponse(await rawRequest(port, 'GET / HTTP/1.1\r\nBad Header Line\r\n\r\n'));
    expect(res.status).toBe(400);
    expect(firstError(JSON.parse(res.body))?._code).toBe('validation_failed');
  });
});

describe('a zod parse outside the route schema', () => {
  it('answers 400 validation_failed naming the field, never 500', async () => {
    const app = Fastify();
    registerErrorHandling(app);
    app.get('/parse', async () => z.object({ limit: z.number().max(3) }).parse({ limit: 9 }));
    const res = await app.inject('/parse');
    expect(res.statusCode).toBe(400);
    expect(firstError(res.json())).toMatchObject({
      _code: 'validation_failed',
      _extra: { field: 'limit' },
    });
    await app.close();
  });
});
