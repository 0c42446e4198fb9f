import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  guestCheckoutBodySchema,
  memberCheckoutBodySchema,
  memberGuestCheckoutBodySchema,
  payResponseSchema,
} from '@admit/contracts/checkout';
import { giftCheckoutBodySchema } from '@admit/contracts/gift';
import { AppError } from '@/http/app-error';
import { resolveSeller } from '@/http/request-context';
import { publicOriginOf } from '@/modules/sellers/seller-site';
import { registerLedgerRoutes } from '@/modules/ledger/routes';
import { registerOrderRoutes } from '@/modules/orders/routes';
import { registerSandboxRoutes } from '@/modules/payments/sandbox-routes';
import { giftCartForCheckout } from './gift-checkout';
import { idempotencyKeyOf, requestHash, runIdempotent } from '@/modules/payments/idempotency';
import { assertCaptcha } from './captcha';
import { registerPaymentSettlement } from './settlement-plugin';
import { registerStripeWebhook } from './stripe-webhook';
import { payableCart, type CheckoutCaller } from './cart-access';
import { createCheckoutService, type Buyer, type CheckoutRequest } from './service';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const idParams = z.object({ id: z.string() });

/** Parses a body after the cart check (a stranger learns nothing from validation messages). */
function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.path.map(String).join('.') || 'body';
  throw new AppError('validation_failed', 'checkout', `${field}: ${issue?.message ?? 'invalid'}`, {
    field,
  });
}

// the authentication page returns only to a path of this site (no open redirect)
const samePath = (value: unknown, fallback: string) =>
  typeof value === 'string' &&
  value.startsWith('/') &&
  !value.startsWith('//') &&
  !value.includes('\\')
    ? value
    : fallback;

type Kind =
  'pay' | 'guest_checkout' | 'member_guest_checkout' | 'member_checkout' | 'gift_checkout';

/**
 * Pay and checkout calls (identity §7): POST cart/{id}/pay, my/cart/{id}/pay,
 * cart/{id}/guest_checkout, my/cart/{id}/guest_checkout, my/cart/{id}/checkout and
 * my/cart/{id}/gift_checkout (decision 0023); plus the order reads, gift card lookup and the
 * sandbox card gateway (one registration line in app.ts).
 */
export function registerCheckoutRoutes(app: FastifyInstance) {
  const db = app.deps.database.db;
  const service = createCheckoutService({ db, now: () => app.deps.now() });

  async function handle(
    request: FastifyRequest,
    reply: FastifyReply,
    scope: 'guest' | 'member',
    kind: Kind,
  ) {
    const { id } = idParams.parse(request.params);
    if (!UUID_RE.test(id))
      throw new AppError('not_found', 'cart', 'Cart not found', { cart_id: id });
    const seller = await resolveSeller(
      app,
      (request.query as Record<string, string>)._seller ?? '',
    );
    const [identity, publicIdentity] = await Promise.all([
      app.identities.forRequest(request, seller),
      app.identities.publicIdentity(seller),
    ]);
    const caller: CheckoutCaller = { seller, identity, publicIdentityId: publicIdentity.id, scope };
    const cart = await payableCart(db, caller, id.toLowerCase());
    const key = idempotencyKeyOf(request.headers);
    let buyer: Buyer;
    let sendEmail = true;
    let entry;
    let gifteeId: string | null = null;
    if (kind === 'guest_checkout') {
      const body = parseBody(guestCheckoutBodySchema, request.body);
      if (!body.purchaser && !body.guest_identity_id) {
        throw new AppError(
          'validation_failed',
          'checkout',
          'purchaser: the purchaser is required',
          {
            field: 'purchaser',
          },
        );
      }
      buyer = body.guest_identity_id
        ? { kind: 'guest_identity', id: body.guest_identity_id }
        : { kind: 'purchaser', purchaser: body.purchaser! };
      sendEmail = body.send_email ?? true;
      entry = body;
    } else if (kind === 'member_guest_checkout') {
      const body = parseBody(memberGuestCheckoutBodySchema, request.body);
      buyer = { kind: 'guest_identity', id: body.guest_identity_id };
      sendEmail = body.send_email ?? true;
      entry = body;
    } else if (kind === 'gift_checkout') {
      // the giver's order, a gift for the giftee (decision 0023)
      entry = parseBody(giftCheckoutBodySchema, request.body);
      gifteeId = entry.giftee_identity_id;
      buyer = { kind: 'caller' };
    } else {
      entry = parseBody(memberCheckoutBodySchema, request.body);
      buyer = kind === 'pay' ? { kind: 'cart_owner' } : { kind: 'caller' };
    }
    const origin = await publicOriginOf(app.deps.database.db, seller.id, app.deps.config);
    const checkoutRequest: CheckoutRequest = {
      entry,
      buyer,
      sendEmail,
      idempotencyKey: key,
      origin,
      returnPath: samePath(entry.gateway_data.return_url, `/${seller.slug}/checkout/${cart.id}`),
    };
    const hash = requestHash([
      identity.id,
      request.method,
      request.routeOptions.url,
      cart.id,
      request.body ?? null,
    ]);
    const options = app.paymentSettlement.idempotency(cart.id);
    const answer = await runIdempotent(db, seller.id, key, hash, options, async () => {
      // inside the key: a replay answers the first response without spending a new token
      await assertCaptcha(db, { sellerId: seller.id, loggedIn: !identity.isPublic }, entry.captcha);
      if (gifteeId) await giftCartForCheckout(db, seller, identity, cart, gifteeId, app.deps.now());
      const result = await service.run(caller, cart, checkoutRequest);
      return { status: result.status, body: payResponseSchema.parse(result.body) };
    });
    return reply.status(answer.status).header('cache-control', 'no-store').send(answer.body);
  }

  for (const [scope, prefix] of [
    ['guest', '/api/cart'],
    ['member', '/api/my/cart'],
  ] as const) {
    app.post(`${prefix}/:id/pay`, (req, reply) => handle(req, reply, scope, 'pay'));
    app.post(`${prefix}/:id/guest_checkout`, (req, reply) =>
      handle(req, reply, scope, scope === 'guest' ? 'guest_checkout' : 'member_guest_checkout'),
    );
  }
  app.post('/api/my/cart/:id/checkout', (req, reply) =>
    handle(req, reply, 'member', 'member_checkout'),
  );
  app.post('/api/my/cart/:id/gift_checkout', (req, reply) =>
    handle(req, reply, 'member', 'gift_checkout'),
  );

  registerOrderRoutes(app);
  registerPaymentSettlement(app);
  registerStripeWebhook(app);
  registerLedgerRoutes(app);
  registerSandboxRoutes(app);
}
