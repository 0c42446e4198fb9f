import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '@/db/connection';
import { staffUser, type StaffUserRow } from '@/db/schema/office';
import { withRetryingTransaction } from '@/db/transaction';
import { AppError } from '@/http/app-error';
import {
  loginKeys,
  settleSuccessfulLogin,
  takeLoginAttempt,
} from '@/modules/limits/login-throttle';
import { verifyAgainstNothing, verifyPassword } from '@/modules/users/password-hash';
import { recordAudit } from './audit';
import {
  createOfficeSession,
  destroyOfficeSession,
  type NewOfficeSession,
} from './office-sessions';
import { findStaffByEmail } from './staff-repo';
import { acceptedTotpStep } from './totp';

/**
 * The office login (decision 0083): the visitors' limits (limits/login-throttle.ts, counted
 * before the password is checked), argon2 (users/password-hash.ts, an unknown e-mail costs the
 * same), then the TOTP code when one is enrolled. Success and failure are audited.
 */

export interface OfficeLoginInput {
  email: string;
  password: string;
  totp?: string;
}

const wrongCredentials = () =>
  new AppError(
    'incorrect_password',
    'office_login',
    'That e-mail address and password do not match a staff account. Please try again.',
  );
const totpRequired = () =>
  new AppError(
    'otp_incorrect',
    'office_login',
    'Enter the six-digit code from your authenticator app.',
    { field: 'totp', totp_required: true },
  );
const totpWrong = () =>
  new AppError('otp_incorrect', 'office_login', 'That code is not correct. Please try again.', {
    field: 'totp',
    totp_required: true,
  });

/** Signs a staff user in; the new session (the old token, if any, is ended first). */
export async function officeLogin(
  db: Db,
  sellerId: string,
  input: OfficeLoginInput,
  context: { ip: string; at: Date; currentToken: string | undefined },
): Promise<{ user: StaffUserRow; session: NewOfficeSession }> {
  const { at } = context;
  // the office's account counters are its own (a visitor's failures never lock out staff)
  const keys = loginKeys(sellerId, `office:${input.email}`, context.ip);
  await takeLoginAttempt(db, keys, at);
  const user = await findStaffByEmail(db, sellerId, input.email);
  const failed = async (reason: string, who: StaffUserRow | undefined) => {
    await recordAudit(db, {
      sellerId,
      actor: { staffUserId: who?.id ?? null, name: who?.email ?? input.email.trim().slice(0, 254) },
      action: 'staff.login_failed',
      target: who ? `staff_user:${who.id}` : null,
      after: { reason },
      at,
    });
  };
  if (!user) {
    await verifyAgainstNothing(input.password);
    await failed('unknown_email', undefined);
    throw wrongCredentials();
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    await failed('wrong_password', user);
    throw wrongCredentials();
  }
  // a disabled account is told apart only in the audit log, never to the caller
  if (user.disabled) {
    await failed('disabled', user);
    throw wrongCredentials();
  }
  let totpStep: number | null = null;
  if (user.totpSecret !== null) {
    if (input.totp === undefined) throw totpRequired();
    totpStep = acceptedTotpStep(user.totpSecret, input.totp, at, user.totpLastStep);
    if (totpStep === null) {
      await failed('wrong_totp', user);
      throw totpWrong();
    }
  }
  await settleSuccessfulLogin(db, keys, at);
  const session = await withRetryingTransaction(db, async (tx) => {
    if (totpStep !== null) {
      // conditional: of two logins racing with one code, only one moves the step on
      const moved = await tx
        .update(staffUser)
        .set({ totpLastStep: totpStep })
        .where(
          and(
            eq(staffUser.id, user.id),
            or(isNull(staffUser.totpLastStep), lt(staffUser.totpLastStep, totpStep)),
          ),
        )
        .returning({ id: staffUser.id });
      if (moved.length === 0) throw totpWrong();
    }
    await destroyOfficeSession(tx, context.currentToken);
    const made = await createOfficeSession(tx, user.id, sellerId, at);
    await recordAudit(tx, {
      sellerId,
      actor: { staffUserId: user.id, name: user.email },
      action: 'staff.login',
      target: `staff_user:${user.id}`,
      at,
    });
    return made;
  });
  return { user, session };
}
