import type { ZodType } from 'zod';
import type { ErrorItem } from '@admit/contracts/envelope';
import {
  APP_HEADER,
  APP_HEADER_VALUE,
  READ_RETRIES,
  READ_RETRY_BASE_MS,
} from '@admit/contracts/constants';
import { readAddress, type ReadQuery } from '@admit/contracts/initial-reads';
import { getSellerSlug } from '@/config/seller-slug';
import { takeInitialRead } from '@/api/initial-reads';

/** A failed API call, built from the first item of the error envelope (spec: shopping §8). */
export class ApiError extends Error {
  status: number;
  code: string;
  context: string | null;
  description: string;
  extra: Record<string, unknown> | null;

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

type Query = ReadQuery;

export interface ReadOptions<T> {
  query?: Query;
  cached?: boolean;
  schema?: ZodType<T>;
  signal?: AbortSignal;
  /** the seller API (`/admin/api/`, decision 0042) instead of the storefront's */
  admin?: boolean;
  /** extra request headers (the seller API's `Authorization`) */
  headers?: Record<string, string>;
}

export interface WriteOptions<T> {
  query?: Query;
  body?: unknown;
  schema?: ZodType<T>;
  /** extra request headers (the checkout's `Idempotency-Key`) */
  headers?: Record<string, string>;
  /** the seller API (`/admin/api/`, decision 0042) instead of the storefront's */
  admin?: boolean;
}

/** A read that hangs longer than this counts as a timeout and is retried (spec: shopping §7). */
export const READ_TIMEOUT_MS = 30_000;

export function buildApiUrl(path: string, query: Query | undefined, cached: boolean): string {
  // every call carries `_seller` so the API knows whose storefront this is
  return readAddress(path, query, cached, getSellerSlug());
}

class RetryableError extends Error {}

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

async function toApiError(response: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // a proxy error page is not JSON; fall through to the generic error
  }
  const first = firstErrorItem(body);
  if (first)
    return new ApiError(
      response.status,
      first._code,
      first._context,
      first._description,
      first._extra,
    );
  return new ApiError(
    response.status,
    'internal_error',
    null,
    response.statusText || 'Request failed',
    null,
  );
}

async function parseBody<T>(response: Response, schema: ZodType<T> | undefined): Promise<T> {
  const text = await response.text();
  const body: unknown = text ? JSON.parse(text) : null;
  return schema ? schema.parse(body) : (body as T);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function fetchOnce(
  url: string,
  signal: AbortSignal | undefined,
  headers: Record<string, string> | undefined,
): Promise<Response> {
  const controller = new AbortController();
  const onAbort = () => controller.abort(signal?.reason);
  signal?.addEventListener('abort', onAbort);
  const timer = setTimeout(() => controller.abort(new RetryableError('timeout')), READ_TIMEOUT_MS);
  try {
    return await fetch(url, {
      method: 'GET',
      headers: { ...headers, [APP_HEADER]: APP_HEADER_VALUE, Accept: 'application/json' },
      credentials: 'same-origin',
      signal: controller.signal,
    });
  } catch (error) {
    // the caller's own abort is final; anything else (network, our timeout) may be retried
    if (signal?.aborted) throw error;
    throw new RetryableError(error instanceof Error ? error.message : 'network error');
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

/**
 * GET a read resource. spec: shopping §7 — reads retry up to 3 times, 250 ms doubling, on
 * network error, timeout or 502; any other failure is final.
 */
export async function apiRead<T>(path: string, opts: ReadOptions<T> = {}): Promise<T> {
  const url = buildApiUrl(path, opts.query, opts.cached ?? false);
  // the host may have answered this read in the page (public cache path only, once)
  const initial = opts.cached ? takeInitialRead(url) : undefined;
  if (initial !== undefined) return opts.schema ? opts.schema.parse(initial) : (initial as T);
  for (let attempt = 0; ; attempt++) {
    // a query cancelled while waiting for its retry must not fetch again
    opts.signal?.throwIfAborted();
    let response: Response | null = null;
    try {
      response = await fetchOnce(opts.admin ? adminAddress(url) : url, opts.signal, opts.headers);
    } catch (error) {
      if (!(error instanceof RetryableError) || attempt >= READ_RETRIES) {
        if (error instanceof RetryableError) {
          throw new ApiError(0, 'internal_error', null, error.message, null);
        }
        throw error;
      }
    }
    if (response && response.ok) return parseBody(response, opts.schema);
    if (response && (response.status !== 502 || attempt >= READ_RETRIES)) {
      throw await toApiError(response);
    }
    await sleep(READ_RETRY_BASE_MS * 2 ** attempt);
  }
}

/** The seller API's address of a live API address: the same path and query under `/admin/api/`. */
const adminAddress = (url: string) => url.replace(/^\/api\//, '/admin/api/');

/** A state-changing call on the live API; never retried, since it may have taken effect. */
export async function apiWrite<T>(
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  opts: WriteOptions<T> = {},
): Promise<T> {
  const headers: Record<string, string> = {
    ...opts.headers,
    [APP_HEADER]: APP_HEADER_VALUE,
    Accept: 'application/json',
  };
  if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
  const url = buildApiUrl(path, opts.query, false);
  const response = await fetch(opts.admin ? adminAddress(url) : url, {
    method,
    headers,
    credentials: 'same-origin',
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  if (!response.ok) throw await toApiError(response);
  return parseBody(response, opts.schema);
}
