import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '@/http/app-error';
import { isUuid } from '@/http/query-values';
import { publicOriginOf } from '@/modules/sellers/seller-site';
import { runCheckoutCall, type CheckoutKind } from './checkout-call';
import { createCheckoutService } from './service';

const idParams = z.object({ id: z.string() });
// a call paying by gift card counts as a gift card guess (decision 0046)
const config = { caller: 'visitor', callerContext: 'checkout', callLimit: 'gift_card' } as const;

/**
 * Pay and checkout calls (identity §7): POST cart/{id}/pay, my/cart/{id}/pay,
 * cart/{id}/guest_checkout, my/cart/{id}/guest_checkout, my/cart/{id}/checkout and
 * my/cart/{id}/gift_checkout (decision 0023). The rules are in checkout-call.ts and service.ts.
 */
export function registerCheckoutRoutes(app: FastifyInstance) {
  const db = app.deps.database.db;
  const now = () => app.deps.now();
  const service = createCheckoutService({ db, now, config: app.deps.config });

  async function handle(
    request: FastifyRequest,
    reply: FastifyReply,
    scope: 'guest' | 'member',
    kind: CheckoutKind,
  ) {
    const { id } = idParams.parse(request.params);
    if (!isUuid(id)) throw new AppError('not_found', 'cart', 'Cart not found', { cart_id: id });
    const answer = await runCheckoutCall(
      { db, now, service, idempotencyOf: (cartId) => app.paymentSettlement.idempotency(cartId) },
      {
        caller: request.caller,
        scope,
        kind,
        cartId: id.toLowerCase(),
        body: request.body,
        headers: request.headers,
        origin: await publicOriginOf(db, request.caller.seller.id, app.deps.config),
        method: request.method,
        url: request.routeOptions.url ?? '',
      },
    );
    return reply.status(answer.status).header('cache-control', 'no-store').send(answer.body);
  }

  for (const [scope, prefix] of [
    ['guest', '/api/cart'],
    ['member', '/api/my/cart'],
  ] as const) {
    app.post(`${prefix}/:id/pay`, { config }, (req, reply) => handle(req, reply, scope, 'pay'));
    app.post(`${prefix}/:id/guest_checkout`, { config }, (req, reply) =>
      handle(req, reply, scope, scope === 'guest' ? 'guest_checkout' : 'member_guest_checkout'),
    );
  }
  app.post('/api/my/cart/:id/checkout', { config }, (req, reply) =>
    handle(req, reply, 'member', 'member_checkout'),
  );
  app.post('/api/my/cart/:id/gift_checkout', { config }, (req, reply) =>
    handle(req, reply, 'member', 'gift_checkout'),
  );
}
