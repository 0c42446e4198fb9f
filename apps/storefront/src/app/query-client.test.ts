import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineRoute } from '@admit/contracts/routes/route';
import { call, isRetryableRead } from '@/api/client';
import { readOnce } from '@/api/read-once';
import { createQueryClient } from '@/app/query-client';
import { setSellerSlug } from '@/config/seller-slug';
import { createFetchStub, errorResponse, jsonResponse } from '@/testing/fetch-stub';

beforeEach(() => setSellerSlug('demo-museum'));
afterEach(() => vi.useRealTimers());

const count = z.object({ n: z.number() });
const configRead = defineRoute({
  method: 'GET',
  url: '/api/config',
  schema: { response: { 200: count } },
});
const modify = defineRoute({
  method: 'POST',
  url: '/api/my/cart/modify',
  schema: { body: z.object({ add: z.array(z.unknown()) }), response: { 200: count } },
});

describe('read retries (shopping §7) through the query client', () => {
  const read = (signal?: AbortSignal) => call(configRead, { signal });

  it('retries a 502 three times at 250, 500 and 1000 ms, then gives up', async () => {
    vi.useFakeTimers();
    const stub = createFetchStub({
      'GET /api/config': () => errorResponse(502, 'internal_error', 'Bad gateway'),
    });
    vi.stubGlobal('fetch', stub);
    const queryClient = createQueryClient();

    const result = queryClient
      .fetchQuery({ queryKey: ['config'], queryFn: ({ signal }) => read(signal) })
      .catch((e: unknown) => e);
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

    expect(await result).toMatchObject({ status: 502 });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(stub).toHaveBeenCalledTimes(4);
  });

  it('retries a network error and succeeds when the network comes back', async () => {
    let calls = 0;
    const stub = vi.fn<typeof fetch>(async () => {
      calls += 1;
      if (calls < 3) throw new TypeError('Failed to fetch');
      return jsonResponse({ n: 7 });
    });
    vi.stubGlobal('fetch', stub);
    const queryClient = createQueryClient({ retryBaseMs: 1 });

    await expect(
      queryClient.fetchQuery({ queryKey: ['config'], queryFn: ({ signal }) => read(signal) }),
    ).resolves.toEqual({ n: 7 });
    expect(stub).toHaveBeenCalledTimes(3);
  });

  it('does not retry a 404, nor a write that failed with a 502', async () => {
    const stub = createFetchStub({
      'GET /api/config': () => errorResponse(404, 'not_found'),
      'POST /api/my/cart/modify': () => errorResponse(502, 'internal_error'),
    });
    vi.stubGlobal('fetch', stub);
    const queryClient = createQueryClient({ retryBaseMs: 1 });

    await expect(
      queryClient.fetchQuery({ queryKey: ['config'], queryFn: () => read() }),
    ).rejects.toMatchObject({ status: 404 });
    await expect(
      queryClient.fetchQuery({
        queryKey: ['w'],
        queryFn: () => call(modify, { body: { add: [] } }),
      }),
    ).rejects.toMatchObject({ status: 502 });
    expect(stub).toHaveBeenCalledTimes(2);
  });

  it('does not retry when the caller aborts', async () => {
    const controller = new AbortController();
    const stub = vi.fn<typeof fetch>(async (_input, init) => {
      controller.abort();
      throw init?.signal?.reason ?? new DOMException('aborted', 'AbortError');
    });
    vi.stubGlobal('fetch', stub);

    const error = await read(controller.signal).catch((e: unknown) => e);
    expect(isRetryableRead(error)).toBe(false);
    expect(stub).toHaveBeenCalledTimes(1);
  });
});

describe('a one-off read (readOnce) takes the same retry rule', () => {
  it('retries a read that got a 502 at 250 and 500 ms, and answers its next success', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const stub = vi.fn<typeof fetch>(async () => {
      calls += 1;
      return calls < 3
        ? errorResponse(502, 'internal_error', 'Bad gateway')
        : jsonResponse({ n: 3 });
    });
    vi.stubGlobal('fetch', stub);
    const queryClient = createQueryClient();

    const result = readOnce(queryClient, ['config'], (signal) => call(configRead, { signal }));
    await vi.advanceTimersByTimeAsync(249);
    expect(stub).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(stub).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(500);
    expect(stub).toHaveBeenCalledTimes(3);
    await expect(result).resolves.toEqual({ n: 3 });
    // not kept: the next lookup asks the server again
    await expect(
      readOnce(queryClient, ['config'], (signal) => call(configRead, { signal })),
    ).resolves.toEqual({ n: 3 });
    expect(stub).toHaveBeenCalledTimes(4);
  });

  it('does not retry a write that got a 502', async () => {
    vi.useFakeTimers();
    const stub = createFetchStub({
      'POST /api/my/cart/modify': () => errorResponse(502, 'internal_error'),
    });
    vi.stubGlobal('fetch', stub);
    const queryClient = createQueryClient();

    const result = readOnce(queryClient, ['w'], () => call(modify, { body: { add: [] } })).catch(
      (e: unknown) => e,
    );
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await result).toMatchObject({ status: 502 });
    expect(stub).toHaveBeenCalledTimes(1);
  });
});
