import { eq } from 'drizzle-orm';
import { PASSWORD_RESET_TTL_MINUTES } from '@admit/contracts/constants';
import { OFFICE_RESET_PAGE } from '@admit/contracts/office';
import { PAGE_PATHS } from '@admit/contracts/storefront-pages';
import type { Db } from '@/db/connection';
import { staffUser } from '@/db/schema/office';
import { withRetryingTransaction } from '@/db/transaction';
import { AppError } from '@/http/app-error';
import type { SellerRef } from '@/http/request-context';
import { passwordSetupMail } from '@/modules/mail/compose';
import { loadMailBrand } from '@/modules/mail/mail-brand';
import { enqueueMail } from '@/modules/mail/outbox';
import {
  hashResetToken,
  newResetToken,
  RESET_LINK_INVALID,
  RESET_LINK_USED,
  resetTokenExpiry,
} from '@/modules/password-reset/reset-token';
import { hashPassword } from '@/modules/users/password-hash';
import { assertAcceptablePassword } from '@/modules/users/service';
import { recordAudit } from './audit';
import {
  closeOtherStaffResetTokens,
  consumeStaffResetToken,
  findStaffResetToken,
  insertStaffResetToken,
  touchStaffResetTokens,
} from './staff-reset-repo';
import { auditView, findStaffByEmail, findStaffById, revokeStaffSessions } from './staff-repo';

/**
 * A staff user's "forgot password" (decision 0095): the visitors' reset (password-reset/) with
 * its token, lifetime, mail and password rules, but for `staff_user` rows, their own token
 * table and audited. The link keeps the TOTP factor (a mailbox is not a second factor: an
 * owner's reset is the way to clear it) and ends every office session of the user.
 */

const CONTEXT = 'office_password_reset';
const invalidLink = () => new AppError('not_found', CONTEXT, RESET_LINK_INVALID);
const usedLink = () => new AppError('validate_failed', CONTEXT, RESET_LINK_USED);

/** The office page a staff reset link opens, below the seller's storefront root. */
export const staffResetLink = (root: string, token: string) =>
  `${root}/${PAGE_PATHS.office.replace(/\/\*$/, '')}/${OFFICE_RESET_PAGE}?token=${encodeURIComponent(token)}`;

/**
 * Mails a reset link to an enabled staff user of the seller with this e-mail; anyone else gets
 * nothing, and the caller answers the same. Both branches make a token, compose the mail and
 * make a round trip, so the time taken says little about who is staff. True when one was queued.
 */
export async function requestStaffReset(
  db: Db,
  seller: SellerRef,
  email: string,
  origin: string,
  now: Date,
): Promise<boolean> {
  const user = await findStaffByEmail(db, seller.id, email);
  const { token, tokenHash } = newResetToken();
  const content = await passwordSetupMail({
    brand: await loadMailBrand(db, seller, origin),
    link: staffResetLink(origin, token),
    kind: 'staff_password_reset',
    ttlMinutes: PASSWORD_RESET_TTL_MINUTES,
  });
  // a disabled account gets no link: it could not sign in with the new password anyway
  if (!user || user.disabled) {
    await touchStaffResetTokens(db, tokenHash);
    return false;
  }
  await withRetryingTransaction(db, async (tx) => {
    await insertStaffResetToken(tx, {
      sellerId: seller.id,
      staffUserId: user.id,
      tokenHash,
      createdAt: now,
      expiresAt: resetTokenExpiry(now),
    });
    await enqueueMail(tx, {
      sellerId: seller.id,
      kind: 'staff_password_reset',
      to: user.email,
      ...content,
    });
    await recordAudit(tx, {
      sellerId: seller.id,
      actor: { staffUserId: null, name: user.email },
      action: 'staff.password_reset_request',
      target: `staff_user:${user.id}`,
      at: now,
    });
  });
  return true;
}

/** The link's token row if it can still set a password for this seller's enabled user. */
async function usableLink(db: Db, sellerId: string, token: string, now: Date) {
  const row = await findStaffResetToken(db, hashResetToken(token));
  if (!row || row.sellerId !== sellerId) throw invalidLink();
  if (row.usedAt !== null || row.expiresAt <= now) throw usedLink();
  const user = await findStaffById(db, sellerId, row.staffUserId);
  if (!user || user.disabled) throw usedLink();
  return row;
}

/** Whether a link still works: 404 unknown or another seller's, 422 used, expired or disabled. */
export async function validateStaffReset(db: Db, sellerId: string, token: string, now: Date) {
  await usableLink(db, sellerId, token, now);
}

/**
 * Sets the new password once (the owners' rules, users/service.ts). The conditional update
 * decides a race between two resets with one link; the user is locked and checked again, so a
 * user disabled since the link was sent gets no password. Every office session of the user
 * ends and their other links close, in the same transaction as the audit record.
 */
export async function resetStaffPasswordByLink(
  db: Db,
  sellerId: string,
  input: { token: string; password: string },
  now: Date,
): Promise<void> {
  await usableLink(db, sellerId, input.token, now);
  assertAcceptablePassword(CONTEXT, input.password);
  const passwordHash = await hashPassword(input.password);
  await withRetryingTransaction(db, async (tx) => {
    const won = await consumeStaffResetToken(tx, hashResetToken(input.token), now);
    if (!won || won.sellerId !== sellerId) throw usedLink();
    const before = await findStaffById(tx, sellerId, won.staffUserId, true);
    if (!before || before.disabled) throw usedLink();
    const [after] = await tx
      .update(staffUser)
      .set({ passwordHash, updatedAt: now })
      .where(eq(staffUser.id, before.id))
      .returning();
    await closeOtherStaffResetTokens(tx, before.id, won.id, now);
    await revokeStaffSessions(tx, before.id);
    await recordAudit(tx, {
      sellerId,
      actor: { staffUserId: before.id, name: before.email },
      action: 'staff.password_reset_link',
      target: `staff_user:${before.id}`,
      before: auditView(before),
      after: auditView(after!),
      at: now,
    });
  });
}
