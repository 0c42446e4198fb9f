import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toCollection } from '@admit/contracts/envelope';
import { myOrderSessionsRoute, myTicketOrdersRoute } from '@admit/contracts/routes/orders';
import { AppError } from '@/http/app-error';
import { rawQuerySchema } from '@/http/parse-input';
import { fromTable } from '@/http/table-route';
import { orderList as listOrders } from './order-list';
import { orderSessions } from './order-sessions';

type Member = { sellerId: string; identityId: string };

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
    config,
    handler: async (request, reply) => {
      const who = member(request);
      const body = await orderSessions(db, request.query, who);
      return reply.header('cache-control', 'no-store').send(body);
    },
  });

  const orderList = (query: Record<string, string>, who: Member) =>
    listOrders(db, app.deps.now(), query, who);

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
