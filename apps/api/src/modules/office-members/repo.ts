import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { cart, ticket } from '@/db/schema/cart';
import { eventTemplate, ticketGroup, ticketType } from '@/db/schema/catalog';
import { identity } from '@/db/schema/identity';
import { membership, type MembershipRow } from '@/db/schema/memberships';
import type { Db } from '@/db/connection';
import type { Executor } from '@/db/transaction';

/** The members screen's SQL (decision 0089). */

/** At most this many people per search: the screen is for finding one member. */
export const MEMBER_SEARCH_LIMIT = 20;

// a typed % or _ is a letter, not a wildcard
const likeOf = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The seller's people with at least one term whose e-mail or name contains `q`, or whose
 * member ID is `q` (a card number is matched whole, whatever its case).
 */
export async function findMemberIds(ex: Pick<Db, 'selectDistinct'>, sellerId: string, q: string) {
  const like = likeOf(q);
  const fullName = sql`coalesce(${identity.firstName}, '') || ' ' || coalesce(${identity.lastName}, '')`;
  const rows = await ex
    .selectDistinct({ id: identity.id, lastName: identity.lastName })
    .from(identity)
    .innerJoin(membership, eq(membership.identityId, identity.id))
    .where(
      and(
        eq(identity.sellerId, sellerId),
        eq(membership.sellerId, sellerId),
        or(
          sql`${identity.email} ilike ${like}`,
          sql`${fullName} ilike ${like}`,
          sql`lower(${membership.memberCode}) = lower(${q})`,
        ),
      ),
    )
    .orderBy(identity.lastName, identity.id)
    .limit(MEMBER_SEARCH_LIMIT);
  return rows.map((r) => r.id);
}

export const peopleOf = (ex: Executor, ids: string[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : ex.select().from(identity).where(inArray(identity.id, ids));

export const termsOf = (ex: Executor, sellerId: string, identityIds: string[]) =>
  identityIds.length === 0
    ? Promise.resolve([] as MembershipRow[])
    : ex
        .select()
        .from(membership)
        .where(and(eq(membership.sellerId, sellerId), inArray(membership.identityId, identityIds)))
        .orderBy(desc(membership.validTo));

/** One of the seller's terms (another seller's is none). */
export async function termOf(ex: Executor, sellerId: string, id: string) {
  const [row] = await ex
    .select()
    .from(membership)
    .where(and(eq(membership.sellerId, sellerId), eq(membership.id, id)));
  return row;
}

/**
 * Member tickets (of a members-only group or event, what benefits cap: cart/member-benefits.ts)
 * sold to each person, per ticket type, with the time the ticket was bought, so each term
 * counts those bought during it.
 */
export function memberTicketsOf(ex: Executor, identityIds: string[]) {
  if (identityIds.length === 0) return Promise.resolve([]);
  return ex
    .select({
      identityId: cart.identityId,
      ticketTypeId: ticket.ticketTypeId,
      createdAt: ticket.createdAt,
    })
    .from(ticket)
    .innerJoin(cart, eq(cart.id, ticket.cartId))
    .innerJoin(ticketGroup, eq(ticketGroup.id, ticket.ticketGroupId))
    .innerJoin(eventTemplate, eq(eventTemplate.id, ticket.eventTemplateId))
    .where(
      and(
        inArray(cart.identityId, identityIds),
        inArray(ticket.state, ['booked', 'redeemed']),
        sql`${ticketGroup.handler} is distinct from 'membership'`,
        or(
          eq(ticketGroup.hiddenType, 'public_member_only'),
          eq(eventTemplate.hiddenType, 'public_member_only'),
        ),
      ),
    );
}

/** The names of the seller's ticket types among `ids` (a term's benefits may name any id). */
export function ticketTypeNamesOf(ex: Executor, sellerId: string, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return ex
    .select({ id: ticketType.id, name: ticketType.name })
    .from(ticketType)
    .where(and(eq(ticketType.sellerId, sellerId), inArray(ticketType.id, ids)));
}

/** Whether a later term renews this one. */
export async function isRenewed(ex: Executor, id: string) {
  const [row] = await ex
    .select({ id: membership.id })
    .from(membership)
    .where(eq(membership.previousMembershipId, id))
    .limit(1);
  return row !== undefined;
}

/**
 * The one conditional UPDATE of an extension: only while the term still ends where the staff
 * user saw it end and no later term renews it, so two extensions never stack unseen.
 */
export async function writeValidTo(ex: Executor, term: MembershipRow, validTo: Date) {
  const rows = await ex
    .update(membership)
    .set({ validTo })
    .where(
      and(
        eq(membership.id, term.id),
        // the stored microseconds are not in the Date the term was read into
        sql`date_trunc('milliseconds', ${membership.validTo}) = ${term.validTo.toISOString()}::timestamptz`,
        sql`not exists (select 1 from membership later where later.previous_membership_id = ${membership.id})`,
      ),
    )
    .returning({ id: membership.id });
  return rows.length > 0;
}
