import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, apiRead, apiWrite } from '@/api/client';
import { setSellerSlug } from '@/config/seller-slug';
import { installInitialReads } from '@/testing/initial-reads';
import { createFetchStub, errorResponse, jsonResponse } from '@/testing/fetch-stub';

beforeEach(() => setSellerSlug('demo-museum'));
afterEach(() => vi.useRealTimers());

describe('apiRead', () => {
  it('adds _seller and the tix-app header and uses the live path by default', async () => {
    const stub = createFetchStub({ 'GET /api/events/:id': { ok: true } });
    vi.stubGlobal('fetch', stub);

    await apiRead('events/abc', { query: { _embed: 'meta,venue', _limit: 5, skipped: undefined } });

    const [request] = stub.requests;
    expect(request!.url.pathname).toBe('/api/events/abc');
    expect(request!.url.searchParams.get('_seller')).toBe('demo-museum');
    expect(request!.url.searchParams.get('_embed')).toBe('meta,venue');
    expect(request!.url.searchParams.get('_limit')).toBe('5');
    expect(request!.url.searchParams.has('skipped')).toBe(false);
    expect(request!.headers.get('tix-app')).toBe('ecomm');
    expect(stub.mock.calls[0]![1]).toMatchObject({ credentials: 'same-origin' });
  });

  it('uses /cached_api for cached reads and validates with the schema', async () => {
    const stub = createFetchStub({ 'GET /cached_api/events/available': { n: 3 } });
    vi.stubGlobal('fetch', stub);

    const body = await apiRead('events/available', {
      cached: true,
      schema: z.object({ n: z.number() }),
    });

    expect(body).toEqual({ n: 3 });
    expect(stub.requests[0]!.url.pathname).toBe('/cached_api/events/available');
    await expect(
      apiRead('events/available', { cached: true, schema: z.object({ n: z.string() }) }),
    ).rejects.toThrow();
  });

  it('turns the first item of the error envelope into an ApiError and does not retry a 404', async () => {
    const stub = createFetchStub({
      'GET /api/events/:id': () => errorResponse(404, 'not_found', 'Event not found', { id: 'x' }),
    });
    vi.stubGlobal('fetch', stub);

    const error = await apiRead('events/x').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 404,
      code: 'not_found',
      description: 'Event not found',
      context: null,
      extra: { id: 'x' },
    });
    expect(stub).toHaveBeenCalledTimes(1);
  });

  it('retries a 502 three times at 250, 500 and 1000 ms, then gives up', async () => {
    vi.useFakeTimers();
    const stub = createFetchStub({
      'GET /api/config': () => errorResponse(502, 'internal_error', 'Bad gateway'),
    });
    vi.stubGlobal('fetch', stub);

    const result = apiRead('config').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(0);
    expect(stub).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(249);
    expect(stub).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(stub).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(499);
    expect(stub).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(stub).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(999);
    expect(stub).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(stub).toHaveBeenCalledTimes(4);

    const error = await result;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 502 });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(stub).toHaveBeenCalledTimes(4);
  });

  it('retries a network error and succeeds when the network comes back', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const stub = vi.fn<typeof fetch>(async () => {
      calls += 1;
      if (calls < 3) throw new TypeError('Failed to fetch');
      return jsonResponse({ ok: true });
    });
    vi.stubGlobal('fetch', stub);

    const result = apiRead<{ ok: boolean }>('config');
    await vi.advanceTimersByTimeAsync(250 + 500);

    await expect(result).resolves.toEqual({ ok: true });
    expect(stub).toHaveBeenCalledTimes(3);
  });

  it('stops retrying when the caller aborts during the back-off', async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const stub = createFetchStub({ 'GET /api/config': () => errorResponse(502, 'internal_error') });
    vi.stubGlobal('fetch', stub);

    const result = apiRead('config', { signal: controller.signal }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(100);
    controller.abort();
    await vi.advanceTimersByTimeAsync(2000);

    expect(await result).not.toBeInstanceOf(ApiError);
    expect(stub).toHaveBeenCalledTimes(1);
  });

  it('does not retry when the caller aborts', async () => {
    const controller = new AbortController();
    const stub = vi.fn<typeof fetch>(async (_input, init) => {
      controller.abort();
      throw init?.signal?.reason ?? new DOMException('aborted', 'AbortError');
    });
    vi.stubGlobal('fetch', stub);

    await expect(apiRead('config', { signal: controller.signal })).rejects.toBeDefined();
    expect(stub).toHaveBeenCalledTimes(1);
  });
});

describe('apiRead with reads the page host put in the HTML', () => {
  const address = '/cached_api/events/abc?_seller=demo-museum&_embed=meta%2Cvenue';
  let undo = () => {};
  afterEach(() => undo());

  it('answers the first cached read of that address from the page, then asks the network', async () => {
    undo = installInitialReads({ [address]: { n: 1 } });
    const stub = createFetchStub({ 'GET /cached_api/events/:id': { n: 2 } });
    vi.stubGlobal('fetch', stub);
    const schema = z.object({ n: z.number() });
    const read = () =>
      apiRead('events/abc', { cached: true, query: { _embed: 'meta,venue' }, schema });

    expect(await read()).toEqual({ n: 1 });
    expect(stub.requests).toHaveLength(0);
    expect(await read()).toEqual({ n: 2 });
    expect(stub.requests).toHaveLength(1);
  });

  it('leaves live reads, other addresses and invalid bodies to the network and the schema', async () => {
    undo = installInitialReads({ [address]: { n: 'not a number' } });
    const stub = createFetchStub({
      'GET /api/events/:id': { n: 3 },
      'GET /cached_api/events/:id': { n: 4 },
    });
    vi.stubGlobal('fetch', stub);
    const schema = z.object({ n: z.number() });

    // a logged-in visitor reads live: the public answer in the page is not theirs
    expect(await apiRead('events/abc', { query: { _embed: 'meta,venue' }, schema })).toEqual({
      n: 3,
    });
    expect(await apiRead('events/abc', { cached: true, schema })).toEqual({ n: 4 });
    await expect(
      apiRead('events/abc', { cached: true, query: { _embed: 'meta,venue' }, schema }),
    ).rejects.toThrow();
    expect(stub.requests.map((r) => r.url.pathname)).toEqual([
      '/api/events/abc',
      '/cached_api/events/abc',
    ]);
  });
});

describe('apiWrite', () => {
  it('sends a JSON body on the live path and never retries', async () => {
    const stub = createFetchStub({
      'POST /api/my/cart/modify': () => errorResponse(502, 'internal_error'),
    });
    vi.stubGlobal('fetch', stub);

    const error = await apiWrite('POST', 'my/cart/modify', { body: { add: [] } }).catch(
      (e: unknown) => e,
    );

    expect(error).toBeInstanceOf(ApiError);
    expect(stub).toHaveBeenCalledTimes(1);
    const [request] = stub.requests;
    expect(request!.url.pathname).toBe('/api/my/cart/modify');
    expect(request!.url.searchParams.get('_seller')).toBe('demo-museum');
    expect(request!.headers.get('tix-app')).toBe('ecomm');
    expect(request!.headers.get('content-type')).toBe('application/json');
    expect(request!.body).toEqual({ add: [] });
  });
});
