import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { sellerOrdersQuerySchema, sellerOrdersResponseSchema } from '@admit/contracts/seller-api';
import { sellerOrder, sellerOrders } from './service';
import { parseInput } from '@/http/parse-input';

const config = { caller: 'seller_api' } as const;

/** The seller API's orders (decision 0042): a page since an instant, and one with its tickets. */
export function registerSellerOrderRoutes(app: FastifyInstance) {
  const db = app.deps.database.db;

  app.get('/admin/api/ticket_order', { config }, async (request, reply) => {
    const q = parseInput(sellerOrdersQuerySchema, request.query);
    const body = await sellerOrders(db, request.caller.seller.id, {
      since: q.since ? new Date(q.since) : null,
      limit: q._limit,
      offset: q._offset,
    });
    return reply.header('cache-control', 'no-store').send(sellerOrdersResponseSchema.parse(body));
  });

  app.get('/admin/api/ticket_order/:id', { config }, async (request, reply) => {
    const { id } = z.object({ id: z.string() }).parse(request.params);
    const body = await sellerOrder(db, request.caller.seller.id, id);
    return reply.header('cache-control', 'no-store').send(sellerOrdersResponseSchema.parse(body));
  });
}
