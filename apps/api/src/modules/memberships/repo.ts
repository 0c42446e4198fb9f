import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/db/connection';
import {
  membership,
  membershipIdentityLink,
  membershipProgram,
  membershipRole,
  membershipRule,
  type MembershipProgramRow,
  type MembershipRoleRow,
  type MembershipRow,
  type MembershipRuleRow,
} from '@/db/schema/memberships';

/** The SQL of membership levels, rules and terms (decision 0032). */

type Reader = Pick<Db, 'select'>;

/** A level with its program (what the reserve and the order need of a level's ticket type). */
export interface Level {
  role: MembershipRoleRow;
  program: MembershipProgramRow;
}

/** The levels sold as these ticket types, by ticket type id. */
export async function selectLevelsOfTypes(
  db: Reader,
  sellerId: string,
  typeIds: string[],
): Promise<Map<string, Level>> {
  if (typeIds.length === 0) return new Map();
  const rows = await db
    .select({ role: membershipRole, program: membershipProgram })
    .from(membershipRole)
    .innerJoin(membershipProgram, eq(membershipProgram.id, membershipRole.membershipProgramId))
    .where(
      and(eq(membershipRole.sellerId, sellerId), inArray(membershipRole.ticketTypeId, typeIds)),
    );
  return new Map(rows.map((r) => [r.role.ticketTypeId, r]));
}

/** The rules of these levels' ticket types, in their order (rank, then role). */
export async function selectRulesOfTypes(
  db: Reader,
  sellerId: string,
  typeIds: string[],
): Promise<MembershipRuleRow[]> {
  if (typeIds.length === 0) return [];
  return db
    .select()
    .from(membershipRule)
    .where(
      and(eq(membershipRule.sellerId, sellerId), inArray(membershipRule.ticketTypeId, typeIds)),
    )
    .orderBy(asc(membershipRule.rank), asc(membershipRule.partyRole));
}

/**
 * The identity's last term in each of these programs (the one ending last): a renewal extends
 * it, the renewal period is measured from its end, and it says until when a member is covered.
 */
export async function selectLastTerms(
  db: Reader,
  identityId: string,
  programIds: string[],
): Promise<Map<string, MembershipRow>> {
  if (programIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(membership)
    .where(
      and(
        eq(membership.identityId, identityId),
        inArray(membership.membershipProgramId, programIds),
      ),
    )
    .orderBy(desc(membership.validTo), desc(membership.createdAt));
  const last = new Map<string, MembershipRow>();
  for (const row of rows) {
    if (row.membershipProgramId && !last.has(row.membershipProgramId)) {
      last.set(row.membershipProgramId, row);
    }
  }
  return last;
}

/**
 * The identity's terms still running or to come (valid_to after `now`), latest ending first:
 * the end of the last one is when the member's cover ends.
 */
export async function selectTermsEndingAfter(db: Reader, identityId: string, now: Date) {
  return db
    .select()
    .from(membership)
    .where(
      and(
        eq(membership.identityId, identityId),
        sql`${membership.validTo} > ${now.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(desc(membership.validTo));
}

/**
 * The term a member ticket belongs to (its identity link), if it is one: a wallet pass of that
 * ticket carries the term's member ID and its holder may fetch it (decision 0040).
 */
export async function selectTermOfMemberTicket(
  db: Reader,
  sellerId: string,
  ticketId: string,
): Promise<MembershipRow | null> {
  const [row] = await db
    .select({ term: membership })
    .from(membershipIdentityLink)
    .innerJoin(membership, eq(membership.id, membershipIdentityLink.membershipId))
    .where(and(eq(membershipIdentityLink.ticketId, ticketId), eq(membership.sellerId, sellerId)))
    .limit(1);
  return row?.term ?? null;
}
