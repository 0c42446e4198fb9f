import type { StaffRole } from '@admit/contracts/office';
import type { Db } from '@/db/connection';
import { staffUser } from '@/db/schema/office';
import { hashPassword } from '@/modules/users/password-hash';
import { DEMO_PASSWORD } from './demo-accounts';
import { demoId } from './demo-ids';

/**
 * The demo museum's back-office staff (issue #27, decision 0083; README "Demo accounts"): one
 * user per role, all with the demo password and no second factor.
 */
export const DEMO_STAFF: Record<string, { email: string; role: StaffRole }[]> = {
  'demo-museum': [
    { email: 'owner@demo-museum.test', role: 'owner' },
    { email: 'box-office@demo-museum.test', role: 'box_office' },
    { email: 'door@demo-museum.test', role: 'door' },
  ],
};

/** The staff user id of a demo staff account. */
export const demoStaffId = (slug: string, email: string) => demoId(`${slug}/staff/${email}`);

/** The demo password's hash, made before the seed transaction opens (hashing is slow). */
export const hashDemoStaffPassword = () => hashPassword(DEMO_PASSWORD);

/** The seller's demo staff, if it has any. */
export async function writeDemoStaff(
  db: Pick<Db, 'insert'>,
  slug: string,
  sellerId: string,
  passwordHash: string,
  now: Date,
): Promise<void> {
  const staff = DEMO_STAFF[slug] ?? [];
  if (staff.length === 0) return;
  await db.insert(staffUser).values(
    staff.map(({ email, role }) => ({
      id: demoStaffId(slug, email),
      sellerId,
      email,
      role,
      passwordHash,
      createdAt: now,
      updatedAt: now,
    })),
  );
}
