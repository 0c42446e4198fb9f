import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { APP_HEADER, APP_HEADER_VALUE } from '@admit/contracts/constants';
import { buildTestApp } from '@/testing/build-test-app';
import { firstError } from '@/testing/responses';
import { makeSeller } from '@/testing/factories';
import { openPgliteTestDatabase, type TestDatabase } from '@/testing/test-database';
import { errorHandling } from './error-handler';

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

/** The error handling alone, on a bare app with the zod type provider, its log captured. */
async function bareApp(lines: string[]) {
  const stream = { write: (line: string) => void lines.push(line) };
  const app = Fastify({ logger: { level: 'error', stream } }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorHandling);
  return app;
}

describe("a zod failure is the caller's 400 only when the route schema refuses the request", () => {
  const limitSchema = z.object({ limit: z.number().max(3) });

  it('answers a body the route schema refuses with 400 validation_failed naming the field', async () => {
    const app = await bareApp([]);
    app.post('/echo', { schema: { body: limitSchema } }, async (request) => request.body);
    const res = await app.inject({ method: 'POST', url: '/echo', payload: { limit: 9 } });
    expect(res.statusCode).toBe(400);
    expect(firstError(res.json())).toMatchObject({
      _code: 'validation_failed',
      _context: 'body',
      _extra: expect.objectContaining({ field: 'limit' }),
    });
    await app.close();
  });

  it("answers the server's own failed parse with 500 internal_error, the details logged only", async () => {
    const lines: string[] = [];
    const app = await bareApp(lines);
    // e.g. a third party's payload (Loqate, Stripe) that no longer has the expected shape
    app.get('/parse', async () => limitSchema.parse({ limit: 9 }));
    const res = await app.inject('/parse');
    expect(res.statusCode).toBe(500);
    expect(firstError(res.json())).toMatchObject({ _code: 'internal_error', _extra: null });
    expect(res.body).not.toContain('limit');
    expect(lines.join('\n')).toContain('too_big');
    await app.close();
  });

  it('answers a response that drifts from its response schema with 500, the details logged only', async () => {
    const lines: string[] = [];
    const app = await bareApp(lines);
    const response = { 200: z.object({ total: z.string() }) };
    app.get('/drift', { schema: { response } }, async () => ({ total: 12 }) as never);
    app.get('/fits', { schema: { response } }, async () => ({ total: '12', hidden: 1 }));
    const res = await app.inject('/drift');
    expect(res.statusCode).toBe(500);
    expect(firstError(res.json())).toMatchObject({ _code: 'internal_error', _extra: null });
    expect(res.body).not.toContain('total');
    expect(lines.join('\n')).toContain('FST_ERR_RESPONSE_SERIALIZATION');
    // the schema serialises the answer: a field it does not name never leaves the server
    const fits = await app.inject('/fits');
    expect(fits.statusCode).toBe(200);
    expect(fits.json()).toEqual({ total: '12' });
    await app.close();
  });
});
