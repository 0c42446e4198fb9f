import { sql } from 'drizzle-orm';
import type { TicketOrderListResponse } from '@admit/contracts/account';
import { toCollection } from '@admit/contracts/envelope';
import { minorToDecimal } from '@admit/contracts/money';
import type { Db } from '@/db/connection';
import { parseQuery, type QuerySpec } from '@/http/query-grammar';
import { filterConditions } from '@/http/query-sql';
import {
  toEventSession,
  toEventTemplate,
  toTicketGroup,
  toTicketType,
} from '@/modules/catalog/mappers';
import { distinct, scanned, ticketFilters, ticketRelation } from './account-query';
import { selectIdentityOrders, selectOrdersTickets, selectTicketCatalogue } from './repo';

// spec: identity §7 — GET my/ticket_order (id._in, ticket.state._in; embed ticket, ticket_type, ticket_group)
const orderSpec: QuerySpec = {
  context: 'ticket_order',
  fields: { id: { sql: sql`"ticket_order"."id"`, type: 'uuid' } },
  relations: { ticket: ticketRelation },
  embeds: ['ticket', 'ticket_type', 'ticket_group', 'event_template', 'event_session'],
};

/** GET my/ticket_order (and the cached list): the caller's orders, newest first. */
export async function orderList(
  db: Db,
  now: Date,
  rawQuery: Record<string, string>,
  who: { sellerId: string; identityId: string },
): Promise<TicketOrderListResponse> {
  const query = parseQuery(orderSpec, rawQuery);
  const ticketWhere = ticketFilters(query);
  const asked = query.relations.get('ticket')?.length;
  const where = filterConditions(query.filters);
  // with a ticket filter, only orders that have such a ticket
  if (asked) {
    where.push(
      sql`exists (select 1 from ticket where ticket.ticket_order_id = "ticket_order"."id" and ${sql.join(ticketWhere, sql` and `)})`,
    );
  }
  const orders = await selectIdentityOrders(db, who, where, query.limit);
  const tickets = await selectOrdersTickets(
    db,
    orders.map((o) => o.id),
    ticketWhere,
  );
  const catalogue = await selectTicketCatalogue(db, {
    types: distinct(tickets.map((t) => t.ticketTypeId)),
    groups: distinct(tickets.map((t) => t.ticketGroupId)),
    events: distinct(tickets.map((t) => t.eventTemplateId)),
    sessions: distinct(tickets.map((t) => t.eventSessionId)),
  });
  const body: TicketOrderListResponse = {
    ticket_order: toCollection(
      orders.map((o) => ({
        id: o.id,
        order_number: o.orderNumber,
        cart_id: o.cartId,
        identity_id: o.identityId,
        seller_id: o.sellerId,
        email: o.email,
        giftee_identity_id: o.gifteeIdentityId,
        additional_info: (o.additionalInfo as Record<string, unknown> | null) ?? null,
        created_at: o.createdAt.toISOString(),
      })),
    ),
    ticket_order_fees: toCollection(
      orders.map((o) => ({
        ticket_order_id: o.id,
        currency_code: o.currency,
        total_before_cartmod_price: minorToDecimal(o.totalBeforeCartmodPrice),
        total_fee_fixed_outside: minorToDecimal(o.totalFeeFixedOutside),
        total_fee_percent_outside: minorToDecimal(o.totalFeePercentOutside),
        total_cartmod_amount: minorToDecimal(o.totalCartmodAmount),
        total_after_fees_price: minorToDecimal(o.totalAfterFeesPrice),
      })),
    ),
  };
  const asks = (name: string) => query.embeds.has(name);
  if (asks('ticket')) {
    body.ticket = toCollection(
      tickets.map((t) =>
        scanned(
          orders.find((o) => o.id === t.ticketOrderId),
          t,
        ),
      ),
    );
  }
  if (asks('ticket_type')) body.ticket_type = toCollection(catalogue.types.map(toTicketType));
  if (asks('ticket_group')) {
    body.ticket_group = toCollection(catalogue.groups.map((g) => toTicketGroup(g, now)));
  }
  if (asks('event_template')) {
    body.event_template = toCollection(catalogue.events.map(toEventTemplate));
  }
  if (asks('event_session')) {
    body.event_session = toCollection(catalogue.sessions.map((s) => toEventSession(s, now)));
  }
  return body;
}
