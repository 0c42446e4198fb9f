import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { payResponseSchema } from '@admit/contracts/checkout';
import { AppError } from '@/http/app-error';
import { sendStoredAnswer } from '@/http/stored-answer';
import { isUuid } from '@/http/query-values';
import { publicOriginOf } from '@/modules/sellers/seller-site';
import { runCheckoutCall, type CheckoutKind } from './checkout-call';

const idParams = z.object({ id: z.string() });
// the body is parsed after the cart check (checkout-call.ts: a stranger learns nothing from
// validation messages), so the route schema declares only the id and the answers: the cart
// (a partial payment, 200) or the order (201); a refusal replayed under its Idempotency-Key
// keeps its error envelope (4xx, the error handler's shape)
const schema = { params: idParams, response: { 200: payResponseSchema, 201: payResponseSchema } };
// a call paying by gift card counts as a gift card guess (decision 0046)
const config = { caller: 'visitor', callerContext: 'checkout', callLimit: 'gift_card' } as const;

/**
 * Pay and checkout calls (identity §7): POST cart/{id}/pay, my/cart/{id}/pay,
 * cart/{id}/guest_checkout, my/cart/{id}/guest_checkout, my/cart/{id}/checkout and
 * my/cart/{id}/gift_checkout (decision 0023), over the one checkout service (`app.checkout`).
 * The rules are in checkout-call.ts and service.ts.
 */
export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;
  const now = () => app.deps.now();

  async function handle(
    request: FastifyRequest,
    reply: FastifyReply,
    { id }: z.infer<typeof idParams>,
    scope: 'guest' | 'member',
    kind: CheckoutKind,
  ) {
    if (!isUuid(id)) throw new AppError('not_found', 'cart', 'Cart not found', { cart_id: id });
    const answer = await runCheckoutCall(
      {
        db,
        now,
        service: app.checkout,
        idempotencyOf: (cartId) => app.paymentSettlement.idempotency(cartId),
      },
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
    return sendStoredAnswer(reply, answer);
  }

  const options = { schema, config };
  for (const [scope, prefix] of [
    ['guest', '/api/cart'],
    ['member', '/api/my/cart'],
  ] as const) {
    app.post(`${prefix}/:id/pay`, options, (req, reply) =>
      handle(req, reply, req.params, scope, 'pay'),
    );
    app.post(`${prefix}/:id/guest_checkout`, options, (req, reply) =>
      handle(
        req,
        reply,
        req.params,
        scope,
        scope === 'guest' ? 'guest_checkout' : 'member_guest_checkout',
      ),
    );
  }
  app.post('/api/my/cart/:id/checkout', options, (req, reply) =>
    handle(req, reply, req.params, 'member', 'member_checkout'),
  );
  app.post('/api/my/cart/:id/gift_checkout', options, (req, reply) =>
    handle(req, reply, req.params, 'member', 'gift_checkout'),
  );
};
