import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { cart, ticket } from '@/db/schema/cart';
import { eventTemplate, ticketGroup } from '@/db/schema/catalog';
import { identity } from '@/db/schema/identity';
import { membership } from '@/db/schema/memberships';
import type { Executor } from '@/db/transaction';
import { activeMembershipOf } from '@/modules/memberships/active';

/** The SQL of member benefits in a reserve (member-benefits.ts holds the rules). */

const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/**
 * Locks the member's identity row for the rest of the transaction, so two reserves of one
 * member (two tabs, two carts) count each other's tickets instead of both passing the cap.
 * Lock order: identity, then cart, then sessions, then groups.
 */
export async function lockIdentityRow(tx: Executor, identityId: string) {
  await tx
    .select({ id: identity.id })
    .from(identity)
    .where(eq(identity.id, identityId))
    .for('update');
}

/** The `benefits` of the identity's active memberships (identity §3: validFrom < now < validTo). */
export async function selectActiveBenefits(
  tx: Executor,
  identityId: string,
  now: Date,
): Promise<unknown[]> {
  const rows = await tx
    .select({ benefits: membership.benefits })
    .from(membership)
    .where(activeMembershipOf(identityId, now));
  return rows.map((r) => r.benefits);
}

/**
 * The member's tickets of members-only groups (or events) per session and type: held in a live
 * cart of theirs (or in the cart being changed, which may be a guest cart they took over), or
 * booked/redeemed. `sessionIds` may contain null: tickets without a session.
 */
export async function countMemberTickets(
  tx: Executor,
  who: { identityId: string; cartId: string },
  sessionIds: (string | null)[],
  now: Date,
) {
  const ids = sessionIds.filter((id): id is string => id !== null);
  const sessionMatch = or(
    ids.length > 0 ? inArray(ticket.eventSessionId, ids) : undefined,
    sessionIds.includes(null) ? isNull(ticket.eventSessionId) : undefined,
  );
  return tx
    .select({
      eventSessionId: ticket.eventSessionId,
      ticketTypeId: ticket.ticketTypeId,
      n: sql<number>`cast(count(*) as integer)`,
    })
    .from(ticket)
    .innerJoin(cart, eq(cart.id, ticket.cartId))
    .innerJoin(ticketGroup, eq(ticketGroup.id, ticket.ticketGroupId))
    .innerJoin(eventTemplate, eq(eventTemplate.id, ticket.eventTemplateId))
    .where(
      and(
        or(eq(cart.identityId, who.identityId), eq(cart.id, who.cartId)),
        or(
          eq(ticketGroup.hiddenType, 'public_member_only'),
          eq(eventTemplate.hiddenType, 'public_member_only'),
        ),
        or(
          and(
            eq(ticket.state, 'in_cart'),
            eq(cart.state, 'pending'),
            sql`${cart.expiresAt} > ${at(now)}`,
          ),
          inArray(ticket.state, ['booked', 'redeemed']),
        ),
        sessionMatch,
      ),
    )
    .groupBy(ticket.eventSessionId, ticket.ticketTypeId);
}
