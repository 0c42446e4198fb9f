import type { z } from 'zod';
import type { ErrorItem } from '@admit/contracts/envelope';
import {
  APP_HEADER,
  APP_HEADER_VALUE,
  READ_RETRIES,
  READ_RETRY_BASE_MS,
} from '@admit/contracts/constants';
import { readAddress, type ReadQuery } from '@admit/contracts/initial-reads';
import { fillUrl } from '@admit/contracts/routes/route';
import type {
  Route,
  RouteAnswer,
  RouteBody,
  RouteParams,
  RouteQuery,
} from '@admit/contracts/routes/route';
import { getSellerSlug } from '@/config/seller-slug';
import { takeInitialRead } from '@/api/initial-reads';

/** A failed API call, built from the first item of the error envelope (spec: shopping §8). */
export class ApiError extends Error {
  status: number;
  code: string;
  context: string | null;
  description: string;
  extra: Record<string, unknown> | null;
  /** the call that failed, for the error reporter's ignore list (identity §8); set by `call` */
  method = '';
  url = '';
  /**
   * whether the API said this in its error envelope; otherwise `description` is only the HTTP
   * status text of an answer that was no envelope (a proxy's error page), set by `toApiError`
   */
  fromEnvelope = false;

  constructor(
    status: number,
    code: string,
    context: string | null,
    description: string,
    extra: Record<string, unknown> | null,
  ) {
    super(description || code);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.context = context;
    this.description = description;
    this.extra = extra;
  }
}

/**
 * The first item of an error envelope, checked by hand rather than with `errorEnvelopeSchema`:
 * this file is in the first load, and zod alone would cost ~25 KB gzip of the 120 KB budget.
 */
function firstErrorItem(body: unknown): ErrorItem | null {
  const data = (body as { _data?: unknown } | null)?._data;
  const item: unknown = Array.isArray(data) ? data[0] : null;
  if (typeof item !== 'object' || item === null) return null;
  const { _code, _context, _description, _extra } = item as Record<string, unknown>;
  if (typeof _code !== 'string') return null;
  return {
    _code,
    _context: typeof _context === 'string' ? _context : null,
    _description: typeof _description === 'string' ? _description : '',
    _extra:
      typeof _extra === 'object' && _extra !== null ? (_extra as Record<string, unknown>) : null,
  };
}

/** The error of a failed call, from its envelope (also the office's calls: features/office/api). */
export async function toApiError(response: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // a proxy error page is not JSON; fall through to the generic error
  }
  const first = firstErrorItem(body);
  if (first) {
    const error = new ApiError(
      response.status,
      first._code,
      first._context,
      first._description,
      first._extra,
    );
    error.fromEnvelope = true;
    return error;
  }
  return new ApiError(
    response.status,
    'internal_error',
    null,
    response.statusText || 'Request failed',
    null,
  );
}

/** Names the call an error came from (the reporter ignores expected statuses per call). */
function fromCall(error: unknown, method: string, url: string): unknown {
  if (error instanceof ApiError && error.url === '') {
    error.method = method;
    error.url = url;
  }
  return error;
}

/** A read that hangs longer than this counts as a timeout and is retried (spec: shopping §7). */
export const READ_TIMEOUT_MS = 30_000;

export function buildApiUrl(path: string, query: ReadQuery | undefined, cached: boolean): string {
  // every call carries `_seller` so the API knows whose storefront this is
  return readAddress(path, query, cached, getSellerSlug());
}

/**
 * What one call of a route takes: its url params and body when the route has them (typed by
 * the route's schemas), its query, extra headers (the checkout's `Idempotency-Key`, the seller
 * API's `Authorization`), the query's abort signal, and for a route served on the cache path
 * whether to use it.
 */
export type CallInput<R extends Route> = (R['schema'] extends { params: z.ZodType }
  ? { params: RouteParams<R> }
  : { params?: undefined }) &
  (R['schema'] extends { body: z.ZodType } ? { body: RouteBody<R> } : { body?: undefined }) &
  (R['schema'] extends { querystring: z.ZodType }
    ? { query?: RouteQuery<R> }
    : { query?: undefined }) &
  (NonNullable<R['cached']> extends true ? { cached?: boolean } : { cached?: false }) & {
    headers?: Record<string, string>;
    signal?: AbortSignal;
  };

/** The address of a call: the path, `_seller` and the query, on the prefix the route lives on. */
export function callAddress(
  route: Route,
  input: { params?: unknown; query?: unknown; cached?: boolean },
): string {
  const url = fillUrl(route.url, input.params as Record<string, string> | undefined);
  const query = input.query as ReadQuery | undefined;
  const admin = url.startsWith(ADMIN_PREFIX);
  const path = admin ? url.slice(ADMIN_PREFIX.length) : url.replace(/^\/api\//, '');
  const address = buildApiUrl(path, query, route.cached === true && input.cached === true);
  // the seller API (decision 0042): the same path and query under `/admin/api/`
  return admin ? address.replace(/^\/api\//, ADMIN_PREFIX) : address;
}

const ADMIN_PREFIX = '/admin/api/';

/**
 * A read that failed on the way (network error, our timeout) or with a 502: shopping §7 retries
 * these, and only these, and only for reads. The query client's `retry` asks (app/query-client.ts).
 */
const retryableReads = new WeakSet<ApiError>();

/** Whether a failed call is a read worth asking again (spec: shopping §7). */
export function isRetryableRead(error: unknown): boolean {
  return error instanceof ApiError && retryableReads.has(error);
}

function retryable(error: ApiError): ApiError {
  retryableReads.add(error);
  return error;
}

/**
 * A success body checked by the route's schema for the status it came with, or its one success
 * schema for another 2xx (a 204 is null).
 */
async function answerOf<R extends Route>(route: R, response: Response): Promise<RouteAnswer<R>> {
  const text = await response.text();
  const body: unknown = text ? JSON.parse(text) : null;
  const responses = route.schema.response as Partial<Record<number, z.ZodType>>;
  const schema = responses[response.status] ?? Object.values(responses)[0];
  return schema!.parse(body) as RouteAnswer<R>;
}

/** One GET, bounded by the read timeout; the caller's abort stays the caller's. */
async function fetchRead(
  url: string,
  signal: AbortSignal | undefined,
  headers: Record<string, string>,
): Promise<Response> {
  const controller = new AbortController();
  const onAbort = () => controller.abort(signal?.reason);
  signal?.addEventListener('abort', onAbort);
  const timer = setTimeout(() => controller.abort(new Error('timeout')), READ_TIMEOUT_MS);
  try {
    return await fetch(url, {
      method: 'GET',
      headers,
      credentials: 'same-origin',
      signal: controller.signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    const message = error instanceof Error ? error.message : 'network error';
    throw retryable(new ApiError(0, 'internal_error', null, message, null));
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

/**
 * Calls an API route (issue #23: one route table in contracts, decision 0050) and answers its
 * body as the route's response schema parsed it: no call can skip the check. A GET is tried
 * once here; a failure worth retrying is marked so (`isRetryableRead`) and the query client
 * retries it (shopping §7: 3 times, 250 ms doubling). Any other method is a write, never
 * retried, since it may have taken effect, with one exception: a 503 `service_unavailable` is
 * the server refusing before any handler ran (a node starting or stopping, decisions 0082 and
 * 0090), so nothing was done and the write is sent again on the same schedule.
 */
export async function call<R extends Route>(
  route: R,
  input: CallInput<R>,
): Promise<RouteAnswer<R>> {
  const url = callAddress(route, input);
  const headers: Record<string, string> = {
    ...input.headers,
    [APP_HEADER]: APP_HEADER_VALUE,
    Accept: 'application/json',
  };
  if (route.method === 'GET') {
    // the host may have answered this read in the page (public cache path only, once)
    const initial = input.cached ? takeInitialRead(url) : undefined;
    if (initial !== undefined) {
      return (route.schema.response as { 200: z.ZodType })[200].parse(initial) as RouteAnswer<R>;
    }
    let response: Response;
    try {
      response = await fetchRead(url, input.signal, headers);
    } catch (error) {
      throw fromCall(error, 'GET', url);
    }
    if (response.ok) return answerOf(route, response);
    const error = fromCall(await toApiError(response), 'GET', url) as ApiError;
    throw response.status === 502 ? retryable(error) : error;
  }
  if (input.body !== undefined) headers['Content-Type'] = 'application/json';
  const send = () =>
    fetch(url, {
      method: route.method,
      headers,
      credentials: 'same-origin',
      body: input.body === undefined ? undefined : JSON.stringify(input.body),
    });
  let response = await send();
  for (let retry = 0; retry < READ_RETRIES && response.status === 503; retry++) {
    const error = await toApiError(response.clone());
    if (error.code !== 'service_unavailable') break;
    await new Promise((resolve) => setTimeout(resolve, READ_RETRY_BASE_MS * 2 ** retry));
    response = await send();
  }
  if (!response.ok) throw fromCall(await toApiError(response), route.method, url);
  return answerOf(route, response);
}
