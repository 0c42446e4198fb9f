import { and, asc, eq, inArray } from 'drizzle-orm';
import { MUST_MATCH_ANCHOR_META_KEY, isMetaFlagSet } from '@admit/contracts/rules/anchor-tickets';
import { ticket } from '@/db/schema/cart';
import { eventTemplate, meta, ticketGroup, ticketType } from '@/db/schema/catalog';
import type { Executor } from '@/db/transaction';

/** The add-on rule's SQL (anchor-match.ts; decisions 0065, 0076). */

/** The cart's `in_cart` tickets one by one, in the order they were made, as the trim reads them. */
export function selectLiveTicketList(tx: Executor, cartId: string) {
  return tx
    .select({
      id: ticket.id,
      eventId: ticket.eventTemplateId,
      category: eventTemplate.category,
      handler: ticketGroup.handler,
      typeName: ticketType.name,
    })
    .from(ticket)
    .innerJoin(ticketGroup, eq(ticketGroup.id, ticket.ticketGroupId))
    .innerJoin(ticketType, eq(ticketType.id, ticket.ticketTypeId))
    .innerJoin(eventTemplate, eq(eventTemplate.id, ticket.eventTemplateId))
    .where(and(eq(ticket.cartId, cartId), eq(ticket.state, 'in_cart')))
    .orderBy(asc(ticket.createdAt), asc(ticket.id));
}

/** Which of the events set `tickets_must_match_anchor_tickets` (shopping §3 event meta). */
export async function selectMustMatchEvents(
  tx: Executor,
  sellerId: string,
  eventIds: string[],
): Promise<Set<string>> {
  if (eventIds.length === 0) return new Set();
  const rows = await tx
    .select({ eventId: meta.resourceId, value: meta.value })
    .from(meta)
    .where(
      and(
        eq(meta.sellerId, sellerId),
        eq(meta.resource, 'event_template'),
        eq(meta.key, MUST_MATCH_ANCHOR_META_KEY),
        inArray(meta.resourceId, eventIds),
      ),
    );
  return new Set(rows.filter((r) => isMetaFlagSet(r.value)).map((r) => r.eventId));
}
