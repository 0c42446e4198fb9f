import type { IdentityResponse } from '@admit/contracts/identity';
import { PASSWORD_RESET_TTL_MINUTES } from '@admit/contracts/constants';
import type { Db } from '@/db/connection';
import { AppError } from '@/http/app-error';
import type { SellerRef } from '@/http/request-context';
import { enqueueMail } from '@/modules/mail/outbox';
import { passwordSetupMail } from '@/modules/mail/compose';
import { loadMailBrand, type MailSeller } from '@/modules/mail/mail-brand';
import { hasActiveMembership } from '@/modules/memberships/active';
import { hashPassword } from '@/modules/users/password-hash';
import {
  findIdentityById,
  findUserByEmail,
  toIdentityContract,
  type IdentityRow,
} from '@/modules/users/repo';
import { assertAcceptablePassword } from '@/modules/users/service';
import {
  applyNewPassword,
  consumeResetToken,
  findResetToken,
  insertResetToken,
  touchResetTokens,
  type ResetTokenRow,
} from './repo';
import {
  hashResetToken,
  newResetToken,
  RESET_LINK_INVALID,
  RESET_LINK_USED,
  resetTokenExpiry,
} from './reset-token';

/** The storefront page a reset or first-password link opens (identity §2 "Reset password"). */
export const resetLink = (root: string, token: string) =>
  `${root}/user/reset-password?token=${encodeURIComponent(token)}`;

/** The reset or first-password mail for `token`, in the seller's brand. */
async function setupMailContent(
  db: Db,
  seller: MailSeller & { id: string },
  kind: 'password_reset' | 'guest_account',
  origin: string,
  token: string,
) {
  return passwordSetupMail({
    brand: await loadMailBrand(db, seller, origin),
    link: resetLink(origin, token),
    kind,
    ttlMinutes: PASSWORD_RESET_TTL_MINUTES,
  });
}

/**
 * Queues a reset link (`password_reset`) or a first-password link (`guest_account`, identity §8:
 * login with an account that has no password) for `person`: a new single-use token, stored as its
 * sha256, valid PASSWORD_RESET_TTL_MINUTES. `origin` is the seller's public origin.
 * Call `app.mailSender.kick()` afterwards for prompt delivery.
 */
export async function sendPasswordSetupMail(
  db: Db,
  seller: MailSeller & { id: string },
  person: Pick<IdentityRow, 'id' | 'email'>,
  kind: 'password_reset' | 'guest_account',
  options: { origin: string; now: Date },
): Promise<void> {
  if (!person.email) return;
  const to = person.email;
  const { token, tokenHash } = newResetToken();
  const expiresAt = resetTokenExpiry(options.now);
  const content = await setupMailContent(db, seller, kind, options.origin, token);
  // the token and its mail commit together: no link without a token, no token without a mail
  await db.transaction(async (tx) => {
    await insertResetToken(tx, {
      sellerId: seller.id,
      identityId: person.id,
      tokenHash,
      createdAt: options.now,
      expiresAt,
    });
    await enqueueMail(tx, { sellerId: seller.id, kind, to, ...content });
  });
}

export interface PasswordResetDeps {
  db: Db;
  now: () => Date;
}

/** Forgot and reset password, built once (password-reset-plugin.ts). */
export type PasswordResetService = ReturnType<typeof createPasswordResetService>;

/** Forgot and reset password (identity §2, §7 `password_reset/*`, §8 "Reset link"). */
export function createPasswordResetService({ db, now }: PasswordResetDeps) {
  /**
   * POST password_reset/request: a known account gets a reset mail, an unknown address nothing;
   * the caller answers the same either way. Both branches make a token, compose the mail and
   * make a database round trip, so the time taken says little about whether the account exists.
   */
  async function request(seller: SellerRef, email: string, origin: string): Promise<boolean> {
    const person = await findUserByEmail(db, seller.id, email);
    if (!person) {
      const { token, tokenHash } = newResetToken();
      await setupMailContent(db, seller, 'password_reset', origin, token);
      await touchResetTokens(db, tokenHash);
      return false;
    }
    await sendPasswordSetupMail(db, seller, person, 'password_reset', { origin, now: now() });
    return true;
  }

  /** The token's row for this seller if usable: 404 unknown, 422 used or expired. */
  async function usableToken(seller: SellerRef, token: string): Promise<ResetTokenRow> {
    const row = await findResetToken(db, hashResetToken(token));
    if (!row || row.sellerId !== seller.id) {
      throw new AppError('not_found', 'password_reset', RESET_LINK_INVALID);
    }
    if (row.usedAt !== null || row.expiresAt <= now()) {
      throw new AppError('validate_failed', 'password_reset', RESET_LINK_USED);
    }
    return row;
  }

  async function identityBody(identityId: string): Promise<IdentityResponse> {
    const person = await findIdentityById(db, identityId);
    if (!person) throw new AppError('not_found', 'password_reset', RESET_LINK_INVALID);
    const member = await hasActiveMembership(db, person.id, now());
    return { identity: { _count: 1, _total: 1, _data: [toIdentityContract(person, member)] } };
  }

  /** POST password_reset/validate: whose link it is, if it can still be used. */
  async function validate(seller: SellerRef, token: string): Promise<IdentityResponse> {
    const row = await usableToken(seller, token);
    return identityBody(row.identityId);
  }

  /**
   * POST password_reset/reset: sets the new password once. The conditional update decides the
   * race between two resets with one token; the loser gets 422 `validate_failed`.
   */
  async function reset(seller: SellerRef, token: string, password: string) {
    await usableToken(seller, token);
    assertAcceptablePassword('password_reset', password);
    const passwordHash = await hashPassword(password);
    const tokenHash = hashResetToken(token);
    const at = now();
    const identityId = await db.transaction(async (tx) => {
      const won = await consumeResetToken(tx, tokenHash, at);
      if (!won) return null;
      await applyNewPassword(tx, won.identityId, won.id, passwordHash, at);
      return won.identityId;
    });
    if (!identityId) {
      throw new AppError('validate_failed', 'password_reset', RESET_LINK_USED);
    }
    return identityBody(identityId);
  }

  return { request, validate, reset };
}
