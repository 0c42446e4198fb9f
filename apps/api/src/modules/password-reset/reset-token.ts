import { createHash, randomBytes } from 'node:crypto';
import { PASSWORD_RESET_TTL_MINUTES } from '@admit/contracts/constants';

/**
 * A reset link's token, one home for visitors' (service.ts) and staff users'
 * (office/staff-reset.ts) links: 32 random bytes, kept in the database only as their sha256,
 * valid PASSWORD_RESET_TTL_MINUTES from when it was made.
 */

export const hashResetToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function newResetToken() {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashResetToken(token) };
}

/** When a link made at `now` stops working. */
export const resetTokenExpiry = (now: Date) =>
  new Date(now.getTime() + PASSWORD_RESET_TTL_MINUTES * 60_000);

/** The one answer to a link that is used, expired or names no one (identity §8). */
export const RESET_LINK_USED = 'This reset link has expired or was used.';
export const RESET_LINK_INVALID = 'This reset link is not valid.';
