import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sellerOrdersQuerySchema, sellerOrdersResponseSchema } from '@admit/contracts/seller-api';
import { parseInput } from '@/http/parse-input';
import { sellerOrder, sellerOrders } from './service';

const config = { caller: 'seller_api' } as const;
const response = { 200: sellerOrdersResponseSchema };

/** The seller API's orders (decision 0042): a page since an instant, and one with its tickets. */
export const sellerOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;

  app.get('/admin/api/ticket_order', { schema: { response }, config }, async (request, reply) => {
    // parsed after the caller hook: a request without a key is a 401 whatever its query
    const q = parseInput(sellerOrdersQuerySchema, request.query);
    const body = await sellerOrders(db, request.caller.seller.id, {
      since: q.since ? new Date(q.since) : null,
      limit: q._limit,
      offset: q._offset,
    });
    return reply.header('cache-control', 'no-store').send(body);
  });

  app.get(
    '/admin/api/ticket_order/:id',
    { schema: { params: z.object({ id: z.string() }), response }, config },
    async (request, reply) => {
      const body = await sellerOrder(db, request.caller.seller.id, request.params.id);
      return reply.header('cache-control', 'no-store').send(body);
    },
  );
};
