import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineRoute } from '@admit/contracts/routes/route';
import { ApiError, call, isRetryableRead } from '@/api/client';
import { setSellerSlug } from '@/config/seller-slug';
import { installInitialReads } from '@/testing/initial-reads';
import { createFetchStub, errorResponse } from '@/testing/fetch-stub';

beforeEach(() => setSellerSlug('demo-museum'));
afterEach(() => vi.useRealTimers());

const count = z.object({ n: z.number() });

const eventRead = defineRoute({
  method: 'GET',
  url: '/api/events/:eventId',
  cached: true,
  schema: {
    params: z.object({ eventId: z.string() }),
    querystring: z.looseObject({ _embed: z.string().optional() }),
    response: { 200: count },
  },
});
const modify = defineRoute({
  method: 'POST',
  url: '/api/my/cart/modify',
  schema: { body: z.object({ add: z.array(z.unknown()) }), response: { 200: count } },
});
const remove = defineRoute({
  method: 'DELETE',
  url: '/api/my/cart/:cartId',
  schema: { params: z.object({ cartId: z.string() }), response: { 204: z.null() } },
});
const checkIn = defineRoute({
  method: 'POST',
  url: '/admin/api/check_in',
  schema: { body: z.object({}), response: { 200: count } },
});

describe('call: the address, the headers and the answer', () => {
  it('puts the params in the url (encoded), adds _seller and the query, on the live path', async () => {
    const stub = createFetchStub({ 'GET /api/events/:id': { n: 1 } });
    vi.stubGlobal('fetch', stub);

    await call(eventRead, {
      params: { eventId: 'a b/c' },
      query: { _embed: 'meta,venue', _limit: 5, skipped: undefined },
    });

    const [request] = stub.requests;
    expect(request!.url.pathname).toBe('/api/events/a%20b%2Fc');
    expect([...request!.url.searchParams.keys()]).toEqual(['_seller', '_embed', '_limit']);
    expect(request!.url.searchParams.get('_seller')).toBe('demo-museum');
    expect(request!.url.searchParams.get('_limit')).toBe('5');
    expect(request!.headers.get('tix-app')).toBe('ecomm');
    expect(stub.mock.calls[0]![1]).toMatchObject({ credentials: 'same-origin', method: 'GET' });
  });

  it('uses /cached_api when asked, and always checks the answer with the route schema', async () => {
    const stub = createFetchStub({ 'GET /cached_api/events/:id': { n: 'three' } });
    vi.stubGlobal('fetch', stub);

    await expect(call(eventRead, { params: { eventId: 'x' }, cached: true })).rejects.toThrow();
    expect(stub.requests[0]!.url.pathname).toBe('/cached_api/events/x');
  });

  it('turns the first item of the error envelope into an ApiError, final for a 404', async () => {
    const stub = createFetchStub({
      'GET /api/events/:id': () => errorResponse(404, 'not_found', 'Event not found', { id: 'x' }),
    });
    vi.stubGlobal('fetch', stub);

    const error = await call(eventRead, { params: { eventId: 'x' } }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'not_found', extra: { id: 'x' } });
    expect(isRetryableRead(error)).toBe(false);
  });

  it('sends a write JSON on the live path, once, and its failure is never a retryable read', async () => {
    const stub = createFetchStub({
      'POST /api/my/cart/modify': () => errorResponse(502, 'internal_error'),
    });
    vi.stubGlobal('fetch', stub);

    const error = await call(modify, { body: { add: [] } }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(isRetryableRead(error)).toBe(false);
    const [request] = stub.requests;
    expect(request!.url.searchParams.get('_seller')).toBe('demo-museum');
    expect(request!.headers.get('content-type')).toBe('application/json');
    expect(request!.body).toEqual({ add: [] });
  });

  it('sends a write again when the server refused it before any handler ran (503 service_unavailable)', async () => {
    vi.useFakeTimers();
    const answers = [
      errorResponse(503, 'service_unavailable', 'The server is shutting down'),
      errorResponse(503, 'service_unavailable', 'The server is starting'),
    ];
    const stub = createFetchStub({
      'POST /api/my/cart/modify': () => answers.shift() ?? { n: 7 },
    });
    vi.stubGlobal('fetch', stub);

    const answer = call(modify, { body: { add: [] } });
    await vi.advanceTimersByTimeAsync(250 + 500);

    await expect(answer).resolves.toEqual({ n: 7 });
    expect(stub.requests).toHaveLength(3);
    expect(stub.requests.map((r) => r.body)).toEqual([{ add: [] }, { add: [] }, { add: [] }]);
  });

  it('sends a write at most 3 more times, and never again after any other 503 or failure', async () => {
    vi.useFakeTimers();
    const refused = createFetchStub({
      'POST /api/my/cart/modify': () => errorResponse(503, 'service_unavailable'),
    });
    vi.stubGlobal('fetch', refused);
    const answer = call(modify, { body: { add: [] } }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(250 + 500 + 1000);
    expect(await answer).toMatchObject({ status: 503, code: 'service_unavailable' });
    expect(refused.requests).toHaveLength(4);

    // a proxy's own 503 page, or a 503 with another code, may have been handled: sent once
    for (const response of [
      () => new Response('<h1>busy</h1>', { status: 503 }),
      () => errorResponse(503, 'internal_error'),
      () => errorResponse(500, 'internal_error'),
    ]) {
      const once = createFetchStub({ 'POST /api/my/cart/modify': response });
      vi.stubGlobal('fetch', once);
      await expect(call(modify, { body: { add: [] } })).rejects.toBeInstanceOf(ApiError);
      expect(once.requests).toHaveLength(1);
    }
  });

  it('answers null for a 204 and sends no body without one', async () => {
    const stub = createFetchStub({
      'DELETE /api/my/cart/:id': () => new Response(null, { status: 204 }),
    });
    vi.stubGlobal('fetch', stub);

    await expect(call(remove, { params: { cartId: 'c1' } })).resolves.toBeNull();
    expect(stub.requests[0]!.headers.get('content-type')).toBeNull();
  });

  it('calls the seller API under /admin/api/ with the caller headers', async () => {
    const stub = createFetchStub({ 'POST /admin/api/check_in': { n: 1 } });
    vi.stubGlobal('fetch', stub);

    await call(checkIn, { body: {}, headers: { Authorization: 'Bearer k' } });

    expect(stub.requests[0]!.url.pathname).toBe('/admin/api/check_in');
    expect(stub.requests[0]!.url.searchParams.get('_seller')).toBe('demo-museum');
    expect(stub.requests[0]!.headers.get('authorization')).toBe('Bearer k');
  });
});

describe('call with reads the page host put in the HTML', () => {
  const address = '/cached_api/events/abc?_seller=demo-museum&_embed=meta%2Cvenue';
  let undo = () => {};
  afterEach(() => undo());

  it('answers the first cached read of that address from the page, then asks the network', async () => {
    undo = installInitialReads({ [address]: { n: 1 } });
    const stub = createFetchStub({ 'GET /cached_api/events/:id': { n: 2 } });
    vi.stubGlobal('fetch', stub);
    const read = () =>
      call(eventRead, {
        params: { eventId: 'abc' },
        cached: true,
        query: { _embed: 'meta,venue' },
      });

    expect(await read()).toEqual({ n: 1 });
    expect(stub.requests).toHaveLength(0);
    expect(await read()).toEqual({ n: 2 });
    expect(stub.requests).toHaveLength(1);
  });

  it('leaves live reads and other addresses to the network, and checks the page body too', async () => {
    undo = installInitialReads({ [address]: { n: 'not a number' } });
    const stub = createFetchStub({
      'GET /api/events/:id': { n: 3 },
      'GET /cached_api/events/:id': { n: 4 },
    });
    vi.stubGlobal('fetch', stub);
    const params = { eventId: 'abc' };

    // a logged-in visitor reads live: the public answer in the page is not theirs
    expect(await call(eventRead, { params, query: { _embed: 'meta,venue' } })).toEqual({ n: 3 });
    expect(await call(eventRead, { params, cached: true })).toEqual({ n: 4 });
    await expect(
      call(eventRead, { params, cached: true, query: { _embed: 'meta,venue' } }),
    ).rejects.toThrow();
    expect(stub.requests.map((r) => r.url.pathname)).toEqual([
      '/api/events/abc',
      '/cached_api/events/abc',
    ]);
  });
});
