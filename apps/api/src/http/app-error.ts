import type { ErrorCode } from '@admit/contracts/error-codes';

/** HTTP status of each code: the one mapping (identity §8 expected statuses 402/404/409/410/422). */
const STATUS: Partial<Record<ErrorCode, number>> = {
  not_found: 404,
  seller_not_found: 404,
  validation_failed: 400,
  forbidden: 403,
  missing_app_header: 403,
  not_authorized: 401,
  rate_limited: 429,
  conflict: 409,
  internal_error: 500,
  request_timeout: 408,
  payload_too_large: 413,
  uri_too_long: 414,
  unsupported_media_type: 415,
  headers_too_large: 431,
  service_unavailable: 503,
  cart_expired: 410,
  scope_error: 400,
  intent_requires_action: 402,
  incorrect_password: 401,
  guest_account: 401,
  otp_incorrect: 401,
  otp_token_expired: 410,
  validate_not_email: 400,
  // spec: identity §8 "Manage: expected errors" — a ticket the order does not have
  ticket_not_found: 404,
  // check-in (decision 0042): an unknown code is not found; the rest conflict with the ticket's state
  unknown_code: 404,
  already_redeemed: 409,
  ticket_cancelled: 409,
  wrong_session: 409,
  wrong_date: 409,
  membership_expired: 409,
  not_an_admission: 409,
};

/** Default for the business-rule codes not listed: the request was understood but refused. */
const DEFAULT_RULE_STATUS = 422;

/** The API's one error type. Its code is a spec `_code`; the handler renders the envelope. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly context: string | null,
    description: string,
    readonly extra: Record<string, unknown> | null = null,
    status?: number,
  ) {
    super(description);
    this.name = 'AppError';
    this.status = status ?? STATUS[code] ?? DEFAULT_RULE_STATUS;
  }
}

export const notFound = (context: string, what = 'Resource') =>
  new AppError('not_found', context, `${what} not found`);

export const validationFailed = (context: string, field: string, message: string) =>
  new AppError('validation_failed', context, `${field}: ${message}`, { field });

// the refusals made by `transientRefusal`; a WeakSet so the one AppError type keeps its shape
const transient = new WeakSet<AppError>();

/**
 * A 503 the server answers while it starts or stops (decisions 0073, 0082): expected and
 * over in seconds, so the error handler logs it at info, not as an application error.
 */
export function transientRefusal(description: string, context = 'request'): AppError {
  const error = new AppError('service_unavailable', context, description);
  transient.add(error);
  return error;
}

/** Whether this error is one of `transientRefusal`'s (an expected refusal, not a fault). */
export const isTransientRefusal = (error: AppError) => transient.has(error);
