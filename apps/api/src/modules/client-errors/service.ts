import type { FastifyBaseLogger } from 'fastify';
import type { ClientErrorBody } from '@admit/contracts/client-errors';
import { redactText } from '@admit/contracts/rules/error-reporting';

/**
 * Logs one storefront error report (identity §8, decision 0061) through the app's logger, at
 * `warn`: a browser's failure is worth reading, not an outage of this server. The storefront
 * redacted the report already; it is redacted again here, since the body is whatever the caller
 * chose to send and the log must hold no e-mails, names, card fields or tokens either way.
 */
export function logClientError(
  log: FastifyBaseLogger,
  seller: { slug: string },
  report: ClientErrorBody,
): void {
  const redacted = Object.fromEntries(
    Object.entries(report).map(([key, value]) => [
      key,
      typeof value === 'string' ? redactText(value) : value,
    ]),
  );
  log.warn({ client_error: { ...redacted, seller: seller.slug } }, 'storefront error report');
}
