import * as Sentry from '@sentry/browser';
import type { ClientErrorBody } from '@admit/contracts/client-errors';
import { redactText, redactValue } from '@admit/contracts/rules/error-reporting';

/**
 * The Sentry side of the error reporter (decision 0061), a chunk of its own: loaded on the
 * first report when the seller config names a DSN. No default integrations: the storefront's
 * reporter decides what is reported (its ignore list, its unhandled-rejection handler), and
 * nothing (breadcrumbs of URLs, console text) leaves unredacted; `beforeSend` redacts the event
 * the SDK built as a last guard.
 */
let started: string | null = null;

function start(dsn: string, environment: string): void {
  if (started === dsn) return;
  Sentry.init({
    dsn,
    environment,
    defaultIntegrations: false,
    beforeSend: (event) => redactEvent(event),
  });
  started = dsn;
}

/** An event with every text and every extra redacted (identity §8). */
export function redactEvent<E extends Sentry.ErrorEvent>(event: E): E {
  const texts = (value: string | undefined) => (value === undefined ? value : redactText(value));
  return {
    ...event,
    message: texts(event.message),
    user: undefined,
    request: event.request
      ? { ...event.request, url: texts(event.request.url), cookies: undefined, data: undefined }
      : undefined,
    exception: event.exception && {
      ...event.exception,
      values: event.exception.values?.map((value) => ({ ...value, value: texts(value.value) })),
    },
    extra: event.extra && (redactValue(event.extra) as Record<string, unknown>),
    contexts: event.contexts && (redactValue(event.contexts) as E['contexts']),
    breadcrumbs: undefined,
  };
}

/** Sends one error to Sentry with the storefront's (already redacted) report as its context. */
export function sendToSentry(
  settings: { dsn: string; environment: string },
  error: unknown,
  report: ClientErrorBody,
): void {
  start(settings.dsn, settings.environment);
  Sentry.captureException(error, {
    tags: { context: report.context, ...(report.code ? { code: report.code } : {}) },
    extra: { ...report, stack: undefined },
  });
}
