import { APP_HEADER, APP_HEADER_VALUE } from '@admit/contracts/constants';
import { OFFICE_API_PATH } from '@admit/contracts/office';
import { buildApiUrl, toApiError } from '@/api/client';

/**
 * Every call of the back office (decision 0087): `/api/office/<path>` for the current seller
 * (`_seller`, as the visitor's calls), with the app header (the API's CSRF check) and the
 * office cookie, which the browser sends only to `/api/office` (decision 0083). A non-2xx
 * answer throws the storefront's `ApiError`; a 204 answers null.
 */
export interface OfficeRequestOptions {
  method?: string;
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  signal?: AbortSignal;
}

export async function officeRequest<T>(
  path: string,
  options: OfficeRequestOptions = {},
): Promise<T> {
  const base = OFFICE_API_PATH.replace(/^\/api\//, '');
  const url = buildApiUrl(`${base}/${path.replace(/^\/+/, '')}`, options.query, false);
  const method = (options.method ?? 'GET').toUpperCase();
  const headers: Record<string, string> = {
    [APP_HEADER]: APP_HEADER_VALUE,
    Accept: 'application/json',
  };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(url, {
    method,
    headers,
    credentials: 'same-origin',
    signal: options.signal,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  if (!response.ok) {
    const error = await toApiError(response);
    error.method = method;
    error.url = url;
    throw error;
  }
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}
