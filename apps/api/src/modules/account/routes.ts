import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import type { OrderSessionResponse, TicketOrderListResponse } from '@admit/contracts/account';
import { toCollection } from '@admit/contracts/envelope';
import { minorToDecimal } from '@admit/contracts/money';
import { myOrderSessionsRoute, myTicketOrdersRoute } from '@admit/contracts/routes/orders';
import { ACCOUNT_TICKET_STATES } from '@admit/contracts/rules/self-edit';
import { AppError } from '@/http/app-error';
import { rawQuerySchema } from '@/http/parse-input';
import { parseQuery, type ParsedQuery, type QuerySpec } from '@/http/query-grammar';
import { filterConditions, inList, orderBy } from '@/http/query-sql';
import { fromTable } from '@/http/table-route';
import { toTicket } from '@/modules/catalog/mappers';
import {
  toEventSession,
  toEventTemplate,
  toTicketGroup,
  toTicketType,
} from '@/modules/catalog/mappers';
import { ticketScanCode } from '@/modules/orders/codes';
import type { OrderRow, TicketRow } from '@/db/schema/cart';
import {
  selectIdentityOrders,
  selectOrderSessions,
  selectOrdersTickets,
  selectTicketCatalogue,
} from './repo';

const ticketRelation = {
  fields: {
    state: { sql: sql`"ticket"."state"`, type: 'text' as const },
    ticket_type_id: { sql: sql`"ticket"."ticket_type_id"`, type: 'uuid' as const },
  },
};

// spec: identity §7 — GET my/order_session (embed ticket; ticket.state._in booked,redeemed)
const sessionSpec: QuerySpec = {
  context: 'order_session',
  fields: {
    start_datetime: { sql: sql`"event_session"."start_datetime"`, type: 'timestamp' },
    event_session_id: { sql: sql`"event_session"."id"`, type: 'uuid' },
    ticket_order_id: { sql: sql`"ticket_order"."id"`, type: 'uuid' },
    event_template_id: { sql: sql`"event_template"."id"`, type: 'uuid' },
  },
  relations: { ticket: ticketRelation },
  // spec: identity §4 — upcoming sessions by start ascending
  sort: {
    fields: {
      start_datetime: sql`"event_session"."start_datetime"`,
      purchased_on: sql`"ticket_order"."created_at"`,
    },
    default: 'start_datetime',
  },
  embeds: ['ticket'],
};

// spec: identity §7 — GET my/ticket_order (id._in, ticket.state._in; embed ticket, ticket_type, ticket_group)
const orderSpec: QuerySpec = {
  context: 'ticket_order',
  fields: { id: { sql: sql`"ticket_order"."id"`, type: 'uuid' } },
  relations: { ticket: ticketRelation },
  embeds: ['ticket', 'ticket_type', 'ticket_group', 'event_template', 'event_session'],
};

/** The ticket filters asked for; none asked: the account lists' own (identity §4). */
function ticketFilters(query: ParsedQuery) {
  const asked = query.relations.get('ticket');
  if (asked?.length) return filterConditions(asked);
  return [inList(sql`"ticket"."state"`, 'text', [...ACCOUNT_TICKET_STATES])];
}

const scanned = (order: OrderRow | undefined, t: TicketRow) => ({
  ...toTicket(t),
  scan_code: order?.scanCode ? ticketScanCode(order.scanCode, t.id) : null,
});

const distinct = (values: (string | null)[]) => [
  ...new Set(values.filter((v): v is string => !!v)),
];

/**
 * The account area (identity §2 "/my", §7): GET my/order_session, GET my/ticket_order, and the
 * cached list GET (cached_api|api)/ticket_order — the caller's own orders, newest first.
 */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;
  const config = { caller: 'visitor', callerContext: 'ticket_order' } as const;

  const member = (request: FastifyRequest) => {
    const { identity, seller } = request.caller;
    if (identity.isPublic) throw new AppError('not_authorized', 'ticket_order', 'Please log in');
    return { sellerId: seller.id, identityId: identity.id };
  };

  // the cached list is not a storefront call (not in the contracts table): the same answer
  const listSchema = {
    querystring: rawQuerySchema,
    response: myTicketOrdersRoute.schema.response,
  };

  app.route({
    ...fromTable(myOrderSessionsRoute),
    config: config,
    handler: async (request, reply) => {
      const who = member(request);
      const query = parseQuery(sessionSpec, request.query);
      const ticketWhere = ticketFilters(query);
      const rows = await selectOrderSessions(
        db,
        who,
        ticketWhere,
        filterConditions(query.filters),
        orderBy(query.sort, sql`"ticket_order"."id"`),
        query.limit,
      );
      const body: OrderSessionResponse = {
        order_session: toCollection(
          rows.map((r) => ({
            id: `${r.orderId}:${r.sessionId}`,
            start_datetime: r.start.toISOString(),
            end_datetime: r.end.toISOString(),
            ticket_order_id: r.orderId,
            event_session_id: r.sessionId,
            event_template_id: r.eventId,
            event_name: r.eventName,
            order_number: r.orderNumber,
            purchased_on: r.purchasedOn.toISOString(),
            ticket_count: r.ticketCount,
          })),
        ),
      };
      if (query.embeds.has('ticket')) {
        const orderIds = distinct(rows.map((r) => r.orderId));
        const orders = await selectIdentityOrders(db, who, [], orderIds.length || 1);
        const tickets = await selectOrdersTickets(
          db,
          orderIds,
          ticketWhere,
          distinct(rows.map((r) => r.sessionId)),
        );
        body.ticket = toCollection(
          tickets
            .filter((t) =>
              rows.some((r) => r.orderId === t.ticketOrderId && r.sessionId === t.eventSessionId),
            )
            .map((t) =>
              scanned(
                orders.find((o) => o.id === t.ticketOrderId),
                t,
              ),
            ),
        );
      }
      return reply.header('cache-control', 'no-store').send(body);
    },
  });

  async function orderList(
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
    const now = app.deps.now();
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

  app.route({
    ...fromTable(myTicketOrdersRoute),
    config,
    handler: async (request, reply) => {
      const body = await orderList(request.query, member(request));
      return reply.header('cache-control', 'no-store').send(body);
    },
  });

  // spec: identity §7 "GET cached ticket_order" — the same list by id, only ever the caller's
  // own orders: cached privately (per cookie), never by a shared cache; a guest lists none
  for (const prefix of ['/cached_api', '/api']) {
    app.get(`${prefix}/ticket_order`, { schema: listSchema, config }, async (request, reply) => {
      const { identity, seller } = request.caller;
      const who = { sellerId: seller.id, identityId: identity.isPublic ? '' : identity.id };
      const body = identity.isPublic
        ? { ticket_order: toCollection([]), ticket_order_fees: toCollection([]) }
        : await orderList(request.query, who);
      return reply.header('cache-control', 'private, no-cache').header('vary', 'cookie').send(body);
    });
  }
};
