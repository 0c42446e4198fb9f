import { asc, eq } from 'drizzle-orm';
import type { Db } from '@/db/connection';
import { outbox } from '@/db/schema/mail';
import {
  membership,
  membershipIdentityLink,
  membershipRenewal,
  type MembershipRow,
} from '@/db/schema/memberships';
import { payment } from '@/db/schema/payments';
import { cart, ticketOrder } from '@/db/schema/cart';
import { makeMembership, makeUser, type IdentityRow } from '@/testing/identity-factories';
import type { MembershipScene } from '@/testing/membership-factories';

/** Test helpers of the auto-renew suites (decision 0038). */

/**
 * A member of `scene` whose Individual term ends at `validTo`, auto-renew `scheduled` (or as
 * given), with its primary member linked — what an order with auto_renew and a saved card makes.
 */
export async function makeRenewingMember(
  db: Db,
  scene: MembershipScene,
  now: Date,
  options: { validTo: Date; state?: string; email?: string; linkMembers?: boolean },
): Promise<{ member: IdentityRow; term: MembershipRow }> {
  const member = await makeUser(db, scene.seller, {
    email: options.email ?? `renew-${Math.random().toString(36).slice(2, 8)}@example.test`,
  });
  const term = await makeMembership(db, member, now, {
    roleId: scene.roles.individual,
    role: 'Individual',
    membershipProgramId: scene.programId,
    autoRenewState: options.state ?? 'scheduled',
    validFrom: new Date(options.validTo.getTime() - 365 * 86_400_000),
    validTo: options.validTo,
    benefits: {},
  });
  if (options.linkMembers === false) return { member, term };
  await db.insert(membershipIdentityLink).values({
    membershipId: term.id,
    identityId: member.id,
    partyRole: 'primary',
    firstName: member.firstName,
    lastName: member.lastName,
    email: member.email,
  });
  return { member, term };
}

/** What the job did for one member: terms, card payments on their carts, mails, claims. */
export async function renewalRows(db: Db, member: IdentityRow) {
  const terms = await db
    .select()
    .from(membership)
    .where(eq(membership.identityId, member.id))
    .orderBy(asc(membership.validFrom));
  const payments = await db
    .select({ payment })
    .from(payment)
    .innerJoin(cart, eq(cart.id, payment.cartId))
    .where(eq(cart.identityId, member.id));
  const orders = await db.select().from(ticketOrder).where(eq(ticketOrder.identityId, member.id));
  const mails = await db
    .select()
    .from(outbox)
    .where(eq(outbox.toAddress, member.email!))
    .orderBy(asc(outbox.createdAt));
  const claims = terms.length
    ? await db
        .select()
        .from(membershipRenewal)
        .where(eq(membershipRenewal.membershipId, terms[0]!.id))
    : [];
  return { terms, payments: payments.map((p) => p.payment), orders, mails, claims };
}
