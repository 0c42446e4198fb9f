import type { ClientErrorBody } from '@admit/contracts/client-errors';
import {
  CLIENT_ERRORS_PATH,
  isIgnoredApiFailure,
  redactText,
} from '@admit/contracts/rules/error-reporting';
import { ApiError } from '@/api/client';

/**
 * The storefront's one error reporter (identity §8 "The error catalogue", decision 0061).
 * Expected API answers are not reported (`isIgnoredApiFailure`); everything sent is redacted
 * first (no e-mails, names, card fields or tokens). With a Sentry DSN in the seller config the
 * report goes through the official browser SDK, loaded on the first report only (it stays out
 * of the first load); without one it goes to the server's POST /api/client_errors, which logs it
 * (also loaded on the first report: the route's schema would bring zod into the first load).
 */

interface ReporterSettings {
  dsn: string | null;
  environment: string;
}

let settings: ReporterSettings = { dsn: null, environment: 'local' };
let sent = 0;

/** A page reports at most this many errors: a failure in a loop must not flood anyone. */
export const MAX_REPORTS_PER_PAGE = 20;

/** Where reports go, from the seller config (main.tsx at boot, the route tests' providers). */
export function configureErrorReporter(next: ReporterSettings): void {
  settings = next;
  sent = 0;
}

/** Whether an error is worth reporting: not an expected API answer, not an abort. */
export function isReportable(error: unknown): boolean {
  if (error instanceof ApiError && error.url !== '') {
    if (error.url.includes(CLIENT_ERRORS_PATH)) return false;
    return !isIgnoredApiFailure({ status: error.status, method: error.method, url: error.url });
  }
  return !(error instanceof DOMException && error.name === 'AbortError');
}

const bounded = (text: string | undefined, max: number) =>
  text === undefined ? undefined : redactText(text).slice(0, max);

/** The report of an error as POST client_errors takes it, redacted and within its bounds. */
export function reportOf(error: unknown, context: string): ClientErrorBody {
  const err = error instanceof Error ? error : null;
  const api = error instanceof ApiError ? error : null;
  const message = err?.message || (typeof error === 'string' ? error : 'Unknown error');
  return {
    message: bounded(message, 1000) || 'Unknown error',
    name: bounded(err?.name, 100),
    context: context.slice(0, 100),
    ...(api
      ? {
          status: api.status,
          code: bounded(api.code, 100),
          ...(api.url ? { method: api.method.slice(0, 10), url: bounded(api.url, 2000) } : {}),
        }
      : {}),
    page: bounded(window.location.pathname + window.location.search, 2000),
    stack: bounded(err?.stack, 8000),
  };
}

/**
 * Reports an error (never throws, never rejects): a failing report is dropped, since reporting
 * it would only fail again.
 */
export function reportError(error: unknown, context: string): void {
  if (!isReportable(error) || sent >= MAX_REPORTS_PER_PAGE) return;
  sent += 1;
  const report = reportOf(error, context);
  const { dsn, environment } = settings;
  const sending = dsn
    ? import('@/api/errors/sentry-reporter').then((sentry) =>
        sentry.sendToSentry({ dsn, environment }, error, report),
      )
    : import('@/api/errors/send-report').then((server) => server.sendReport(report));
  sending.catch(() => undefined);
}
