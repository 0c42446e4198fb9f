import { eq } from 'drizzle-orm';
import { toCollection } from '@admit/contracts/envelope';
import type { StaffRole } from '@admit/contracts/office';
import { isEmailAddress } from '@admit/contracts/rules/email-address';
import type { Db } from '@/db/connection';
import { staffUser, type StaffUserRow } from '@/db/schema/office';
import { sqlStateOf, withRetryingTransaction } from '@/db/transaction';
import { AppError } from '@/http/app-error';
import { hashPassword } from '@/modules/users/password-hash';
import { assertAcceptablePassword } from '@/modules/users/service';
import { recordAudit, type AuditActor } from './audit';
import {
  auditView,
  findStaffByEmail,
  findStaffById,
  listStaff,
  lockEnabledOwners,
  revokeStaffSessions,
  toStaffUser,
} from './staff-repo';

/**
 * Staff management (decision 0083): the owner's office routes and `npm run seller -- staff add`
 * both call these, and each change is audited in its own transaction.
 */

const staffNotFound = () => new AppError('not_found', 'staff_user', 'Staff user not found');
const emailTaken = () =>
  new AppError('conflict', 'staff_user', 'A staff user with this e-mail address already exists', {
    field: 'email',
  });
const lastOwner = () =>
  new AppError(
    'conflict',
    'staff_user',
    'The last owner cannot be disabled or given another role: make another owner first',
  );

const staffAnswer = (row: StaffUserRow) => ({ staff_user: toCollection([toStaffUser(row)]) });

export async function staffUsersOf(db: Db, sellerId: string) {
  const rows = await listStaff(db, sellerId);
  return { staff_user: toCollection(rows.map(toStaffUser)) };
}

export interface NewStaff {
  email: string;
  password: string;
  role: StaffRole;
}

/** Adds a staff user (409 when the seller has one with this e-mail, whatever its case). */
export async function addStaff(
  db: Db,
  sellerId: string,
  input: NewStaff,
  actor: AuditActor,
  now: Date,
) {
  const email = input.email.trim();
  if (!isEmailAddress(email)) {
    throw new AppError('validation_failed', 'staff_user', 'email: not an e-mail address', {
      field: 'email',
    });
  }
  assertAcceptablePassword('staff_user', input.password);
  const passwordHash = await hashPassword(input.password);
  try {
    const row = await withRetryingTransaction(db, async (tx) => {
      if (await findStaffByEmail(tx, sellerId, email)) throw emailTaken();
      const [made] = await tx
        .insert(staffUser)
        .values({ sellerId, email, passwordHash, role: input.role, createdAt: now, updatedAt: now })
        .returning();
      await recordAudit(tx, {
        sellerId,
        actor,
        action: 'staff.add',
        target: `staff_user:${made!.id}`,
        after: auditView(made!),
        at: now,
      });
      return made!;
    });
    return staffAnswer(row);
  } catch (error) {
    // two adds of one e-mail at once: the unique index decides, the loser is told as above
    if (sqlStateOf(error) === '23505') throw emailTaken();
    throw error;
  }
}

export interface StaffChange {
  role?: StaffRole;
  disabled?: boolean;
  reason?: string;
}

/** Changes a staff user's role or disabled flag; never leaves the seller without an owner. */
export async function changeStaff(
  db: Db,
  sellerId: string,
  id: string,
  change: StaffChange,
  actor: AuditActor,
  now: Date,
) {
  const row = await withRetryingTransaction(db, async (tx) => {
    const owners = await lockEnabledOwners(tx, sellerId);
    const before = await findStaffById(tx, sellerId, id, true);
    if (!before) throw staffNotFound();
    const role = change.role ?? (before.role as StaffRole);
    const disabled = change.disabled ?? before.disabled;
    const wasOwner = before.role === 'owner' && !before.disabled;
    const staysOwner = role === 'owner' && !disabled;
    if (wasOwner && !staysOwner && owners.length <= 1) throw lastOwner();
    const [after] = await tx
      .update(staffUser)
      .set({ role, disabled, updatedAt: now })
      .where(eq(staffUser.id, id))
      .returning();
    if (disabled && !before.disabled) await revokeStaffSessions(tx, id);
    const action =
      disabled !== before.disabled ? (disabled ? 'staff.disable' : 'staff.enable') : 'staff.role';
    await recordAudit(tx, {
      sellerId,
      actor,
      action,
      target: `staff_user:${id}`,
      before: auditView(before),
      after: auditView(after!),
      reason: change.reason ?? null,
      at: now,
    });
    return after!;
  });
  return staffAnswer(row);
}

/**
 * Sets a new password chosen by an owner: the user's sessions end and the TOTP second factor is
 * cleared (a lost phone is the usual reason), so they log in afresh and enrol again.
 */
export async function resetStaffPassword(
  db: Db,
  sellerId: string,
  id: string,
  input: { password: string; reason?: string },
  actor: AuditActor,
  now: Date,
) {
  assertAcceptablePassword('staff_user', input.password);
  const passwordHash = await hashPassword(input.password);
  const row = await withRetryingTransaction(db, async (tx) => {
    const before = await findStaffById(tx, sellerId, id, true);
    if (!before) throw staffNotFound();
    const [after] = await tx
      .update(staffUser)
      .set({ passwordHash, totpSecret: null, totpLastStep: null, updatedAt: now })
      .where(eq(staffUser.id, id))
      .returning();
    await revokeStaffSessions(tx, id);
    await recordAudit(tx, {
      sellerId,
      actor,
      action: 'staff.password_reset',
      target: `staff_user:${id}`,
      before: auditView(before),
      after: auditView(after!),
      reason: input.reason ?? null,
      at: now,
    });
    return after!;
  });
  return staffAnswer(row);
}
