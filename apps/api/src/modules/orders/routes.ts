import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { orderBundleSchema } from '@admit/contracts/checkout';
import { resolveSeller } from '@/http/request-context';
import { qrPng } from './qr';
import { orderBundle, orderNotFound, readableOrder } from './service';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const params = z.object({ id: z.string() });
const query = z
  .object({
    _seller: z.string().default(''),
    secret: z.string().max(200).optional(),
    /** a guest's cart the order was made from (service.ts readableOrder) */
    cart_id: z.string().uuid().optional(),
    margin: z.coerce.number().int().min(0).max(16).optional(),
  })
  .passthrough();

/** GET ticket_order/{id} and its QR code (identity §7): the buyer's session or the secret link. */
export function registerOrderRoutes(app: FastifyInstance) {
  const db = app.deps.database.db;

  async function access(request: FastifyRequest) {
    const { id } = params.parse(request.params);
    const q = query.safeParse(request.query);
    if (!q.success || !UUID_RE.test(id)) throw orderNotFound();
    const seller = await resolveSeller(app, q.data._seller);
    const caller = await app.identities.forRequest(request, seller);
    const order = await readableOrder(db, seller, caller, id.toLowerCase(), {
      secret: q.data.secret,
      cartId: q.data.cart_id,
    });
    return { order, seller, margin: q.data.margin };
  }

  app.get('/api/ticket_order/:id', async (request, reply) => {
    const { order, seller } = await access(request);
    const publicIdentity = await app.identities.publicIdentity(seller);
    const body = await orderBundle(db, order, seller, publicIdentity.id, app.deps.now());
    return reply.header('cache-control', 'no-store').send(orderBundleSchema.parse(body));
  });

  // spec: identity §7 — GET /cached_api/ticket_order/{id}/qrcode?margin=4; the image never
  // changes, but only its buyer or the secret holder may see it: cached privately, never shared
  for (const prefix of ['/cached_api', '/api']) {
    app.get(`${prefix}/ticket_order/:id/qrcode`, async (request, reply) => {
      const { order, margin } = await access(request);
      if (!order.scanCode) throw orderNotFound();
      return reply
        .header('content-type', 'image/png')
        .header('cache-control', 'private, max-age=3600')
        .header('vary', 'cookie')
        .send(await qrPng(order.scanCode, margin));
    });
  }
}
