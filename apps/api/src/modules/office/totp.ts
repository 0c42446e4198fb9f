import { Secret, TOTP } from 'otpauth';

/**
 * The staff's optional second factor (decision 0083): TOTP as RFC 6238 puts it and every
 * authenticator app reads it (SHA-1, 6 digits, 30 s), through `otpauth` rather than our own
 * HMAC code. One step either side is accepted for clock drift, and a step once used is refused
 * (RFC 6238 §5.2), so a code seen over a shoulder cannot open a second session.
 */

const PERIOD_S = 30;
const ISSUER = 'Admit office';

const totpOf = (secret: string, label = 'staff') =>
  new TOTP({ issuer: ISSUER, label, secret: Secret.fromBase32(secret), period: PERIOD_S });

/** A fresh 160-bit secret in base32 (32 characters), the size RFC 4226 recommends. */
export const newTotpSecret = () => new Secret({ size: 20 }).base32;

/** The `otpauth://` URI an authenticator app scans (as a QR code) to enrol. */
export const totpUri = (secret: string, label: string) => totpOf(secret, label).toString();

/** The code of `secret` at `at` (tests and the demo use it; the server only checks). */
export const totpCodeAt = (secret: string, at: Date) =>
  totpOf(secret).generate({ timestamp: at.getTime() });

/**
 * The time step `code` belongs to, or null when it is wrong or its step is not after
 * `lastStep` (already used, or older than one that was).
 */
export function acceptedTotpStep(
  secret: string,
  code: string,
  at: Date,
  lastStep: number | null,
): number | null {
  const delta = totpOf(secret).validate({ token: code, timestamp: at.getTime(), window: 1 });
  if (delta === null) return null;
  const step = Math.floor(at.getTime() / 1000 / PERIOD_S) + delta;
  return lastStep !== null && step <= lastStep ? null : step;
}
