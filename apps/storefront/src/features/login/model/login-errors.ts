import { ApiError } from '@/api/client';
import type { LoginStringKey } from '@/features/login/strings';
import type { MemberIdMethod } from '@/features/login/model/login-fields';

/** A message to show for a failed call: a text key, its values, and whether to offer the reset link. */
export interface LoginMessage {
  key: LoginStringKey;
  vars?: Record<string, string | number>;
  forgotPassword?: boolean;
  /** the server's own description, shown instead of the key (identity §8: 401 on the password step) */
  serverText?: string;
}

const MEMBER_NOT_FOUND: Record<MemberIdMethod, LoginStringKey> = {
  member_id_zip: 'login.error.member-zip',
  member_id_last_name: 'login.error.member-last-name',
  member_id_email: 'login.error.member-email',
};

/** 429 `rate_limited` names the wait in `_extra.retry_after_seconds`. */
function rateLimited(error: ApiError): LoginMessage {
  const seconds = error.extra?.retry_after_seconds;
  return typeof seconds === 'number' && seconds > 0
    ? { key: 'login.error.rate-limited', vars: { seconds: Math.ceil(seconds) } }
    : { key: 'login.error.rate-limited-unknown' };
}

/** Errors every login call shares (identity §8 Login, the contract's error list). */
function commonMessage(error: unknown): LoginMessage | null {
  if (!(error instanceof ApiError)) return { key: 'login.error.unexpected' };
  if (error.status === 429 || error.code === 'rate_limited') return rateLimited(error);
  if (error.code === 'forbidden') return { key: 'login.error.forbidden' };
  if (error.code === 'validate_not_email') return { key: 'login.error.validate-not-email' };
  if (error.code === 'validation_failed') return { key: 'login.error.validation-failed' };
  return null;
}

/**
 * spec: identity §8 Login — `incorrect_password` shows its text with a forgot-password link,
 * `guest_account` says no password is set yet (a reset e-mail went out); another 401 on the
 * password step shows the server's message.
 */
export function passwordLoginMessage(error: unknown): LoginMessage {
  if (error instanceof ApiError && error.code === 'incorrect_password') {
    return { key: 'login.error.incorrect-password', forgotPassword: true };
  }
  if (error instanceof ApiError && error.code === 'guest_account') {
    return { key: 'login.error.guest-account' };
  }
  const common = commonMessage(error);
  if (common) return common;
  if (error instanceof ApiError && error.status === 401) {
    return { key: 'login.error.invalid-credentials', serverText: error.description || undefined };
  }
  return { key: 'login.error.unexpected' };
}

/** spec: identity §8 Login — a refused member ID names the details to check, per method. */
export function memberIdLoginMessage(error: unknown, method: MemberIdMethod): LoginMessage {
  const common = commonMessage(error);
  if (common) return common;
  if (error instanceof ApiError && (error.status === 401 || error.code === 'not_authorized')) {
    return { key: MEMBER_NOT_FOUND[method] };
  }
  return { key: 'login.error.unexpected' };
}

/** OTP request errors: validation_failed and validate_not_email map to their messages. */
export function otpRequestMessage(error: unknown): LoginMessage {
  return commonMessage(error) ?? { key: 'login.error.unexpected' };
}

/** What a failed passcode submit means for the screen (identity §4 "Login one-time passcode"). */
export type OtpFailure =
  | { kind: 'incorrect'; attemptsLeft: number }
  | { kind: 'retry' }
  | { kind: 'request_new' }
  | { kind: 'message'; message: LoginMessage };

export function otpFailure(error: unknown): OtpFailure {
  if (error instanceof ApiError) {
    if (error.code === 'otp_incorrect') {
      const left = error.extra?.attempts_left;
      const attemptsLeft = typeof left === 'number' ? Math.max(0, Math.floor(left)) : 0;
      // spec: identity §4 — after the last wrong try a new code must be requested
      return attemptsLeft > 0 ? { kind: 'incorrect', attemptsLeft } : { kind: 'request_new' };
    }
    if (error.code === 'not_available_yet') return { kind: 'retry' };
    if (error.status === 429 || error.code === 'rate_limited') {
      return { kind: 'message', message: rateLimited(error) };
    }
  }
  // not_authorized, otp_token_expired and anything unknown force a new code
  return { kind: 'request_new' };
}
