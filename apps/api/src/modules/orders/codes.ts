import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/** The order's human and machine codes (identity §3 "Ticket order"). */

// random, not a counter: a counter would leak the seller's sales volume
const DIGITS = '0123456789';
export function newOrderNumber(): string {
  let out = '';
  for (let i = 0; i < 9; i++) out += DIGITS[randomInt(i === 0 ? 1 : 0, 10)];
  return out;
}

/** The secret of the order's link (e-mail, complete page); only its hash is stored. */
export const newAccessSecret = () => randomBytes(24).toString('base64url');
export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

export function secretMatches(secret: string, storedHash: string | null): boolean {
  if (!storedHash) return false;
  const a = Buffer.from(hashSecret(secret), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Whether a secret opens the order: its first link's, or the one issued again to its buyer
 * (issue #25: the resend mail and "Log out and manage this order"), both kept as hashes.
 */
export function orderSecretMatches(
  secret: string,
  order: { accessSecretHash: string | null; reissuedSecretHash: string | null },
): boolean {
  return (
    secretMatches(secret, order.accessSecretHash) || secretMatches(secret, order.reissuedSecretHash)
  );
}

/** The QR content of the order: unguessable, printed on the tickets. */
export const newScanCode = () => randomBytes(12).toString('hex').toUpperCase();

/** A ticket's own scan code, derived from the order's: stable, no extra column. */
export const ticketScanCode = (orderScanCode: string, ticketId: string) =>
  createHash('sha256')
    .update(`${orderScanCode}:${ticketId}`)
    .digest('hex')
    .slice(0, 16)
    .toUpperCase();

/**
 * `ticketScanCode` as SQL, so one UPDATE stores the code of every ticket it books (check-in
 * finds a ticket by it, decision 0042); `codes.test.ts` proves both give the same code.
 */
export const ticketScanCodeSql = (orderScanCode: string, ticketId: AnyColumn | SQL) =>
  sql<string>`upper(substr(encode(sha256(convert_to(${orderScanCode}::text || ':' || ${ticketId}::text, 'UTF8')), 'hex'), 1, 16))`;
