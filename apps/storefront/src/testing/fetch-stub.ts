import { vi } from 'vitest';
import type { Mock } from 'vitest';

export interface StubRequest {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
}

/** A fixture body (answered as 200 JSON), a ready Response, or a function of the request. */
export type Fixture = unknown | Response | ((request: StubRequest) => unknown);

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** An error response in the API's envelope (shopping §8). */
export function errorResponse(
  status: number,
  code: string,
  description = code,
  extra: Record<string, unknown> | null = null,
): Response {
  return jsonResponse(
    { _data: [{ _code: code, _context: null, _description: description, _extra: extra }] },
    status,
  );
}

function toMatcher(key: string): { method: string | null; pattern: RegExp } {
  const [first, second] = key.trim().split(/\s+/, 2);
  const method = second ? first!.toUpperCase() : null;
  const path = second ?? first!;
  const source = path
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return { method, pattern: new RegExp(`^${source}$`) };
}

export type FetchStub = Mock<typeof fetch> & { requests: StubRequest[] };

/**
 * A `fetch` that answers API paths from fixtures. Keys are "[METHOD ]/path" with `:param`
 * segments, e.g. `'GET /cached_api/events/:id'`; the query string is ignored for matching
 * (tests assert it through `requests`). Anything unmatched answers 404 `not_found`.
 */
export function createFetchStub(fixtures: Record<string, Fixture> = {}): FetchStub {
  const routes = Object.entries(fixtures).map(([key, fixture]) => ({ ...toMatcher(key), fixture }));
  const requests: StubRequest[] = [];
  const stub = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    const method = (init?.method ?? 'GET').toUpperCase();
    const rawBody = typeof init?.body === 'string' ? init.body : null;
    const request: StubRequest = {
      method,
      url,
      headers: new Headers(init?.headers),
      body: rawBody ? (JSON.parse(rawBody) as unknown) : null,
    };
    requests.push(request);
    const route = routes.find(
      (r) => (r.method === null || r.method === method) && r.pattern.test(url.pathname),
    );
    if (!route) return errorResponse(404, 'not_found', `no fixture for ${method} ${url.pathname}`);
    const value =
      typeof route.fixture === 'function'
        ? (route.fixture as (r: StubRequest) => unknown)(request)
        : route.fixture;
    const resolved = await value;
    return resolved instanceof Response ? resolved.clone() : jsonResponse(resolved);
  });
  return Object.assign(stub, { requests });
}
