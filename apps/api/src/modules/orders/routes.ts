import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { toCollection } from '@admit/contracts/envelope';
import { cancelAutoRenewRoute, ticketOrderRoute } from '@admit/contracts/routes/orders';
import { isUuid } from '@/http/query-values';
import { fromTable } from '@/http/table-route';
import { qrPng } from '@/lib/qr-png';
import { cancelOrderAutoRenew } from '@/modules/memberships/auto-renew-cancel';
import { grantsEntry } from '@admit/contracts/rules/admission';
import { ACCOUNT_TICKET_STATES } from '@admit/contracts/rules/self-edit';
import { ticketScanCode } from './codes';
import { orderBundle, orderNotFound, readableOrder } from './order-read';
import { selectOrderTicketDetails } from './order-tickets';

// the QR code is not a storefront call (an image address), so not in the contracts table
const params = z.object({ id: z.string() });
const ticketParams = z.object({ id: z.string(), ticketId: z.string() });
const config = { caller: 'visitor', callerContext: 'ticket_order' } as const;
const query = z
  .object({
    secret: z.string().max(200).optional(),
    /** a guest's cart the order was made from (service.ts readableOrder) */
    cart_id: z.string().uuid().optional(),
    margin: z.coerce.number().int().min(0).max(16).optional(),
  })
  .passthrough();

/**
 * GET ticket_order/{id} and its QR code, DELETE ticket_order/{id}/auto_renew (identity §7): the
 * buyer's session or the secret link.
 */
export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;

  // the query is checked here, not by the route schema: any refusal is the order's 404
  async function access(request: FastifyRequest, id: string) {
    const q = query.safeParse(request.query);
    if (!q.success || !isUuid(id)) throw orderNotFound();
    const { seller, identity } = request.caller;
    const order = await readableOrder(db, seller, identity, id.toLowerCase(), {
      secret: q.data.secret,
      cartId: q.data.cart_id,
    });
    return { order, seller, margin: q.data.margin };
  }

  app.route({
    ...fromTable(ticketOrderRoute),
    config,
    handler: async (request, reply) => {
      const { order, seller } = await access(request, request.params.orderId);
      const { publicIdentityId } = request.caller;
      const body = await orderBundle(db, order, seller, publicIdentityId, app.deps.now());
      return reply.header('cache-control', 'no-store').send(body);
    },
  });

  // spec: identity §7 — GET /cached_api/ticket_order/{id}/qrcode?margin=4; the image never
  // changes, but only its buyer or the secret holder may see it: cached privately, never shared
  for (const prefix of ['/cached_api', '/api']) {
    app.get(
      `${prefix}/ticket_order/:id/qrcode`,
      // a PNG: Fastify sends a Buffer as it is, the schema only types the reply
      { schema: { params, response: { 200: z.instanceof(Buffer) } }, config },
      async (request, reply) => {
        const { order, margin } = await access(request, request.params.id);
        if (!order.scanCode) throw orderNotFound();
        return reply
          .header('content-type', 'image/png')
          .header('cache-control', 'private, max-age=3600')
          .header('vary', 'cookie')
          .send(await qrPng(order.scanCode, margin));
      },
    );
  }

  // issue #25: each ticket's own QR code on the tickets page, the code the confirmation e-mail
  // and the wallet pass carry (decision 0066); only for a live ticket of this order that admits
  for (const prefix of ['/cached_api', '/api']) {
    app.get(
      `${prefix}/ticket_order/:id/ticket/:ticketId/qrcode`,
      { schema: { params: ticketParams, response: { 200: z.instanceof(Buffer) } }, config },
      async (request, reply) => {
        const { order, margin } = await access(request, request.params.id);
        const ticketId = request.params.ticketId.toLowerCase();
        const detail = isUuid(ticketId)
          ? (await selectOrderTicketDetails(db, [order.id])).find((d) => d.ticket.id === ticketId)
          : undefined;
        const live =
          detail &&
          (ACCOUNT_TICKET_STATES as readonly string[]).includes(detail.ticket.state) &&
          grantsEntry(detail.handler);
        if (!order.scanCode || !live) throw orderNotFound();
        return reply
          .header('content-type', 'image/png')
          .header('cache-control', 'private, max-age=3600')
          .header('vary', 'cookie')
          .send(await qrPng(ticketScanCode(order.scanCode, ticketId), margin));
      },
    );
  }

  // spec: identity §4 "Cancel auto-renew", §8 (decision 0038): who may read the order may stop
  // its memberships renewing — the holder bought it, so the buyer's session or the secret
  app.route({
    ...fromTable(cancelAutoRenewRoute),
    config,
    handler: async (request, reply) => {
      const { order, seller } = await access(request, request.params.orderId);
      const terms = await cancelOrderAutoRenew({ db, config: app.deps.config }, seller, order.id);
      return reply.header('cache-control', 'no-store').send({ membership: toCollection(terms) });
    },
  });
};
