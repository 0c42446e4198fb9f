import { and, asc, eq, sql } from 'drizzle-orm';
import type { StaffRole, StaffUser } from '@admit/contracts/office';
import { staffSession, staffUser, type StaffUserRow } from '@/db/schema/office';
import type { Executor } from '@/db/transaction';

/** The SQL of staff users (decision 0083). E-mails match whatever their case. */

export const sameEmail = (email: string) => sql`lower(${staffUser.email}) = lower(${email.trim()})`;

export async function findStaffByEmail(
  db: Executor,
  sellerId: string,
  email: string,
): Promise<StaffUserRow | undefined> {
  const [row] = await db
    .select()
    .from(staffUser)
    .where(and(eq(staffUser.sellerId, sellerId), sameEmail(email)))
    .limit(1);
  return row;
}

/** A staff user of this seller, locked for the rest of the transaction when `forUpdate`. */
export async function findStaffById(
  db: Executor,
  sellerId: string,
  id: string,
  forUpdate = false,
): Promise<StaffUserRow | undefined> {
  const query = db
    .select()
    .from(staffUser)
    .where(and(eq(staffUser.sellerId, sellerId), eq(staffUser.id, id)))
    .limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export const listStaff = (db: Executor, sellerId: string) =>
  db
    .select()
    .from(staffUser)
    .where(eq(staffUser.sellerId, sellerId))
    .orderBy(asc(staffUser.email), asc(staffUser.id));

/**
 * The seller's enabled owners, locked: two owners disabling each other at once queue here, so
 * the second sees the first's change and the last owner stays.
 */
export const lockEnabledOwners = (db: Executor, sellerId: string) =>
  db
    .select({ id: staffUser.id })
    .from(staffUser)
    .where(
      and(
        eq(staffUser.sellerId, sellerId),
        eq(staffUser.role, 'owner' satisfies StaffRole),
        eq(staffUser.disabled, false),
      ),
    )
    .for('update');

/** Ends every office session of a staff user (disabled, password reset). */
export async function revokeStaffSessions(db: Executor, staffUserId: string): Promise<void> {
  await db.delete(staffSession).where(eq(staffSession.staffUserId, staffUserId));
}

/** A staff user as the API shows it: never the hash or the TOTP secret. */
export const toStaffUser = (row: StaffUserRow): StaffUser => ({
  id: row.id,
  email: row.email,
  role: row.role as StaffRole,
  disabled: row.disabled,
  totp_enrolled: row.totpSecret !== null,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/** What the audit log keeps of a staff user before and after a change. */
export const auditView = (row: StaffUserRow) => ({
  email: row.email,
  role: row.role,
  disabled: row.disabled,
  totp_enrolled: row.totpSecret !== null,
});
