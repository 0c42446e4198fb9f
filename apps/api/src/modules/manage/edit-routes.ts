import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { cartPatchBodySchema } from '@admit/contracts/cart';
import { memberCheckoutBodySchema, payResponseSchema } from '@admit/contracts/checkout';
import {
  orderEditChangeRoute,
  orderEditDiscardRoute,
  orderEditExtendRoute,
  orderEditPayRoute,
  orderEditRoute,
} from '@admit/contracts/routes/manage';
import { paymentRefund } from '@/db/schema/aftersale';
import { validationFailed } from '@/http/app-error';
import { fromTable } from '@/http/table-route';
import { orderBundle } from '@/modules/orders/order-read';
import { idempotencyKeyOf, requestHash, selectKey } from '@/modules/payments/idempotency';
import { runIdempotent } from '@/modules/payments/idempotent-run';
import { executeRefunds } from '@/modules/payments/refunds';
import { storefrontRootOf } from '@/modules/sellers/seller-site';
import { managedOrder, orderOf } from './access';
import { assertEditable, parseEditBody } from './edit';

const config = { caller: 'visitor', callerContext: 'order_edit' } as const;
// method, url, params and answers from the contracts route table (decision 0050); the bodies
// are parsed by the handlers after the order's secret is proved (their own 400s)
const afterCheck = { bodyByHandler: true } as const;

/**
 * The order edit (identity §4 "Manage order", §7 `/checkout/{orderId}`; decision 0036):
 * GET/POST/PATCH/DELETE ticket_order/{id}/edit and POST ticket_order/{id}/edit/pay — Confirm Changes
 * pays the difference (a card, a gift card) or, with nothing to pay, `free`, through the
 * checkout's own payment path; the checkout then commits the edit to the order.
 */
export const editRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;
  const now = () => app.deps.now();
  const log = app.log.child({ module: 'manage' });
  // built once (manage-plugin.ts, checkout-plugin.ts); every call below proves the secret first
  const { edits: service, cartChanges } = app.orderEdit;
  const { checkout } = app;
  const send = <T>(reply: FastifyReply, status: number, body: T) =>
    reply.status(status).header('cache-control', 'no-store').send(body);

  app.route({
    ...fromTable(orderEditRoute),
    config,
    handler: async (request, reply) => {
      const { orderId, secret } = orderOf(request);
      const managed = await managedOrder(db, request.caller, orderId, secret);
      const cart = await service.openCart(managed);
      // no edit open: the usual answer of a manage page's first read, so not an error
      if (!cart) return reply.status(204).header('cache-control', 'no-store').send(null);
      return send(reply, 200, await service.view(managed, request.caller, cart));
    },
  });

  app.route({
    ...fromTable(orderEditChangeRoute, afterCheck),
    config,
    handler: async (request, reply) => {
      const { orderId, secret } = orderOf(request);
      const managed = await managedOrder(db, request.caller, orderId, secret);
      const body = await service.change(managed, request.caller, parseEditBody(request.body));
      return send(reply, 200, body);
    },
  });

  // spec: identity §2 "Global dialogs" — the manage variant of "extend the timer by 2 minutes":
  // the cart's own extension rule (last 60 s, +2 minutes, a bounded number of times) on the edit
  // cart, acting as the order's buyer whose cart it is (the secret link proved the right)
  app.route({
    ...fromTable(orderEditExtendRoute, afterCheck),
    config,
    handler: async (request, reply) => {
      const { orderId, secret } = orderOf(request);
      const { caller } = request;
      const managed = await managedOrder(db, caller, orderId, secret);
      const body = cartPatchBodySchema.safeParse(request.body ?? {});
      if (!body.success || body.data.expires_at === undefined) {
        throw validationFailed('order_edit', 'expires_at', 'the new expiry is required');
      }
      const cart = await service.current(managed);
      const buyer = {
        ...caller,
        identity: { ...caller.identity, id: managed.order.identityId, isPublic: false },
      };
      await cartChanges.extend(buyer, cart.id, new Date(body.data.expires_at));
      const fresh = await service.current(managed);
      return send(reply, 200, await service.view(managed, caller, fresh));
    },
  });

  app.route({
    ...fromTable(orderEditDiscardRoute),
    config,
    handler: async (request, reply) => {
      const { orderId, secret } = orderOf(request);
      const managed = await managedOrder(db, request.caller, orderId, secret);
      await service.discard(managed);
      return reply.status(204).header('cache-control', 'no-store').send(null);
    },
  });

  // spec: identity §4 "Manage order" — Confirm Changes: outstanding ≤ 0 checks out `free`
  // (a refund when negative), payable goes to /manage/{id}/confirm and pays here
  // the pay answers as the checkout does: the cart (200) or the order (201); a refusal replayed
  // under its Idempotency-Key keeps its error envelope (4xx)
  app.route({
    ...fromTable(orderEditPayRoute, afterCheck),
    config,
    handler: async (request, reply) => {
      const { orderId, secret } = orderOf(request);
      const { caller } = request;
      const managed = await managedOrder(db, caller, orderId, secret);
      assertEditable(managed);
      // the latest edit whatever its state: a replay after the commit still finds its key
      const cart = await service.latest(managed);
      const key = idempotencyKeyOf(request.headers);
      const parsed = memberCheckoutBodySchema.safeParse(request.body ?? {});
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw validationFailed(
          'checkout',
          issue?.path.map(String).join('.') || 'body',
          issue?.message ?? 'invalid',
        );
      }
      const hash = requestHash([
        caller.identity.id,
        request.method,
        '/edit/pay',
        cart.id,
        request.body ?? null,
      ]);
      const origin = await storefrontRootOf(db, caller.seller, app.deps.config, request);
      const answer = await runIdempotent(
        db,
        caller.seller.id,
        key,
        hash,
        app.paymentSettlement.idempotency(cart.id),
        async () => {
          // a commit made under this key whose answer was lost: the order as it is now
          const recorded = await selectKey(db, caller.seller.id, key);
          if (recorded?.orderId) {
            const order = await orderBundle(
              db,
              managed.order,
              caller.seller,
              caller.publicIdentityId,
              now(),
            );
            // the answer the key stores (and a replay sends), in its wire shape
            return {
              status: 201,
              body: payResponseSchema.parse({ ...order, access_secret: secret ?? '' }),
            };
          }
          // the horizon may have passed since the change: refused before any charge
          await service.recheck(managed, caller, cart, key);
          const result = await checkout.run({ ...caller, scope: 'guest' }, cart, {
            entry: parsed.data,
            // the edit cart is the order buyer's: the checkout commits the edit for them
            buyer: { kind: 'cart_owner' },
            sendEmail: true,
            idempotencyKey: key,
            origin,
            returnPath: `/${caller.seller.slug}/manage/${orderId}/confirm`,
          });
          return { status: result.status, body: payResponseSchema.parse(result.body) };
        },
      );
      // what the change gives back, now (the payment job would otherwise, after its lease)
      const pending = await db
        .select()
        .from(paymentRefund)
        .where(and(eq(paymentRefund.ticketOrderId, orderId), eq(paymentRefund.state, 'pending')));
      await executeRefunds({ db, now, log }, pending);
      app.mailSender.kick();
      return send(reply, answer.status, answer.body);
    },
  });
};
