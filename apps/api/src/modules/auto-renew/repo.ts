import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/connection';
import { seller } from '@/db/schema/identity';
import {
  membership,
  membershipIdentityLink,
  membershipProgram,
  membershipRenewal,
  membershipRole,
  type MembershipRenewalRow,
} from '@/db/schema/memberships';
import type { Executor } from '@/db/transaction';

/** The auto-renew job's SQL (decision 0038): due terms, the claim on a term, its outcome. */

const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/**
 * `scheduled` terms ending within `withinDays` that nothing renews yet — the last of their
 * chain — and not finally handled by the job. A claim left `started` whose lease ran out is a
 * crashed attempt: due again, even once its term has a successor (the payment job finished the
 * order), so the pass can close it and send the receipt. Soonest ending first.
 */
export async function selectDueTerms(db: Db, now: Date, withinDays: number, limit: number) {
  const until = new Date(now.getTime() + withinDays * 86_400_000);
  return db
    .select({
      term: membership,
      renewalDays: membershipProgram.renewalDays,
      levelTypeId: membershipRole.ticketTypeId,
      timezone: seller.timezone,
    })
    .from(membership)
    .innerJoin(membershipProgram, eq(membershipProgram.id, membership.membershipProgramId))
    .innerJoin(membershipRole, eq(membershipRole.id, membership.roleId))
    .innerJoin(seller, eq(seller.id, membership.sellerId))
    .where(
      and(
        eq(membership.autoRenewState, 'scheduled'),
        sql`${membership.validTo} > ${at(now)}`,
        sql`${membership.validTo} <= ${at(until)}`,
        sql`(not exists (select 1 from membership n where n.previous_membership_id = ${membership.id})
              or exists (select 1 from membership_renewal r where r.membership_id = ${membership.id}
                and r.state = 'started'))`,
        sql`not exists (select 1 from membership_renewal r where r.membership_id = ${membership.id}
              and (r.state <> 'started' or r.lease_until > ${at(now)}))`,
      ),
    )
    .orderBy(asc(membership.validTo), asc(membership.id))
    .limit(limit);
}
export type DueTerm = Awaited<ReturnType<typeof selectDueTerms>>[number];

/**
 * The claim on one term, and the reason two jobs never charge it twice: ONE conditional upsert.
 * The first job inserts the term's row; any other finds the unique `membership_id` taken and
 * updates it only if the row is still `started` and its holder's lease ran out (a crashed
 * attempt) — under concurrency PostgreSQL re-checks that condition against the newest committed
 * row after waiting for the row lock, so exactly one job gets a row back.
 */
export async function claimRenewal(
  db: Db,
  term: { id: string; sellerId: string },
  now: Date,
  leaseMs: number,
): Promise<MembershipRenewalRow | null> {
  const leaseUntil = new Date(now.getTime() + leaseMs);
  const [row] = await db
    .insert(membershipRenewal)
    .values({
      sellerId: term.sellerId,
      membershipId: term.id,
      state: 'started',
      leaseUntil,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: membershipRenewal.membershipId,
      set: { leaseUntil, updatedAt: now },
      setWhere: sql`${membershipRenewal.state} = 'started' and ${membershipRenewal.leaseUntil} <= ${at(now)}`,
    })
    .returning();
  return row ?? null;
}

/** The cart the renewal is bought with, recorded once made (a retry reuses it). */
export async function setRenewalCart(db: Db, renewalId: string, cartId: string, now: Date) {
  await db
    .update(membershipRenewal)
    .set({ cartId, updatedAt: now })
    .where(eq(membershipRenewal.id, renewalId));
}

/** Gives the claim up at once (a failure worth retrying): the next pass may take it. */
export async function releaseRenewal(db: Db, renewalId: string, now: Date) {
  await db
    .update(membershipRenewal)
    .set({ leaseUntil: now, updatedAt: now })
    .where(and(eq(membershipRenewal.id, renewalId), eq(membershipRenewal.state, 'started')));
}

/**
 * The claim's final state, once: false when it was already final (so its mail is sent by whoever
 * moved it, in the same transaction).
 */
export async function finishRenewal(
  tx: Executor,
  renewalId: string,
  changes: {
    state: 'renewed' | 'declined' | 'failed';
    outcome?: string | null;
    renewedMembershipId?: string | null;
  },
  now: Date,
): Promise<boolean> {
  const rows = await tx
    .update(membershipRenewal)
    .set({ ...changes, updatedAt: now })
    .where(and(eq(membershipRenewal.id, renewalId), eq(membershipRenewal.state, 'started')))
    .returning({ id: membershipRenewal.id });
  return rows.length > 0;
}

/** The term as it is now (a member may have cancelled auto-renew since it was found due). */
export async function selectTerm(db: Executor, termId: string) {
  const [row] = await db.select().from(membership).where(eq(membership.id, termId));
  return row ?? null;
}

/** The term that renews this one, if any. */
export async function selectSuccessor(db: Executor, termId: string) {
  const [row] = await db
    .select()
    .from(membership)
    .where(eq(membership.previousMembershipId, termId));
  return row ?? null;
}

/** The members of a term, in their order: the renewal keeps them. */
export async function selectMembers(db: Executor, termId: string) {
  return db
    .select()
    .from(membershipIdentityLink)
    .where(eq(membershipIdentityLink.membershipId, termId))
    .orderBy(asc(membershipIdentityLink.rank));
}

/** A term whose renewal was declined: nothing can charge it, as if no card were saved. */
export async function markRenewalUnpaid(tx: Executor, termId: string) {
  await tx
    .update(membership)
    .set({ autoRenewState: 'requested' })
    .where(and(eq(membership.id, termId), eq(membership.autoRenewState, 'scheduled')));
}
