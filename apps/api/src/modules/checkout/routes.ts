import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { payResponseSchema } from '@admit/contracts/checkout';
import {
  giftCheckoutRoute,
  guestCheckoutRoute,
  guestPayRoute,
  memberCheckoutRoute,
  memberPayRoute,
} from '@admit/contracts/routes/checkout';
import type { Route } from '@admit/contracts/routes/route';
import { AppError } from '@/http/app-error';
import { sendStoredAnswer } from '@/http/stored-answer';
import { isUuid } from '@/http/query-values';
import { fromTable, onUrl } from '@/http/table-route';
import { storefrontRootOf } from '@/modules/sellers/seller-site';
import { runCheckoutCall, type CheckoutKind } from './checkout-call';

// Method, url and params come from the contracts route table (decision 0050). The body is
// parsed after the cart check, with the same contracts schema the table names (checkout-call.ts:
// a stranger learns nothing from validation messages). Every call answers as pay does: the
// cart (a partial payment, 200) or the order (201), which the table says of the pay calls; a
// checkout's entry in the table names the order only, the storefront's one use of it, so the
// server keeps pay's answers here. A refusal replayed under its Idempotency-Key keeps its error
// envelope (4xx, the error handler's shape).
const answers = { 200: payResponseSchema, 201: payResponseSchema };
// every pay and checkout call names the cart, and only it, in its url
type CheckoutRoute = Route & { schema: { params: (typeof guestPayRoute)['schema']['params'] } };
const optionsOf = (route: CheckoutRoute) => {
  const { method, url, schema } = fromTable(route, { bodyByHandler: true });
  return { method, url, schema: { ...schema, response: answers } };
};
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
    { cartId: id }: { cartId: string },
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
        origin: await storefrontRootOf(db, request.caller.seller, app.deps.config, request),
        method: request.method,
        url: request.routeOptions.url ?? '',
      },
    );
    return sendStoredAnswer(reply, answer);
  }

  const calls: [CheckoutRoute, 'guest' | 'member', CheckoutKind][] = [
    [guestPayRoute, 'guest', 'pay'],
    [memberPayRoute, 'member', 'pay'],
    [guestCheckoutRoute, 'guest', 'guest_checkout'],
    // a member may check out as a guest (its own url, the guest's call)
    [
      onUrl(guestCheckoutRoute, '/api/my/cart/:cartId/guest_checkout'),
      'member',
      'member_guest_checkout',
    ],
    [memberCheckoutRoute, 'member', 'member_checkout'],
    [giftCheckoutRoute, 'member', 'gift_checkout'],
  ];
  for (const [route, scope, kind] of calls) {
    app.route({
      ...optionsOf(route),
      config,
      handler: (req, reply) => handle(req, reply, req.params, scope, kind),
    });
  }
};
