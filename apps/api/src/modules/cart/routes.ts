import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  cartBundleSchema,
  cartModifyBodySchema,
  cartPatchBodySchema,
  cartRemoveBodySchema,
  type CartBundle,
  type CartModifyBody,
  type CartPatchBody,
} from '@admit/contracts/cart';
import { applyCodeBodySchema, type ApplyCodeBody } from '@admit/contracts/codes';
import { AppError } from '@/http/app-error';
import { parseQuery, type QuerySpec } from '@/http/query-grammar';
import { resolveSeller, type SellerRef } from '@/http/request-context';
import { ttlCache } from './plan-cache';
import type { CartCaller } from './cart-lookup';
import { createCartService } from './service';

// _embed is accepted for the storefront's sake; the bundle always carries every sibling
const CART_EMBEDS = [
  'identity',
  'ticket',
  'ticket_type',
  'ticket_group',
  'event_session',
  'event_template',
  'venue',
  'config',
  'meta',
  'scheduled_payment',
  'seller',
  'ticket_order',
] as const;

const cartQuery: QuerySpec = {
  context: 'cart',
  fields: {},
  // spec: shopping §7 — config.key._in (config.image, web.session_picker_tabs)
  relations: { config: { fields: { key: { sql: sql`key`, type: 'text' } } } },
  embeds: CART_EMBEDS,
};
const writeQuery: QuerySpec = { context: 'cart', fields: {} };

// the route's body schema has already parsed the body (the zod validatorCompiler hands the
// handler its output): parsing it again cost a second zod pass per reserve
const modifyBodyOf = (request: FastifyRequest) => request.body as CartModifyBody;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const idParams = z.object({ id: z.string() });

/** Registers the cart calls of shopping §7 under /api (never cached: every answer is no-store). */
export function registerCartRoutes(app: FastifyInstance) {
  const planCacheMs = app.deps.config.RESERVE_PLAN_CACHE_MS;
  const service = createCartService({
    db: app.deps.database.db,
    now: () => app.deps.now(),
    planCacheMs,
  });
  // the seller behind `_seller`, reused like the plan's rows (plan-cache.ts); unknown slugs are
  // not remembered
  const sellers = ttlCache<SellerRef>(planCacheMs);

  async function callerOf(request: FastifyRequest, spec = writeQuery) {
    const query = parseQuery(spec, request.query as Record<string, string>);
    const seller = await sellers.get(query.seller, () => resolveSeller(app, query.seller));
    const [identity, publicIdentity] = await Promise.all([
      app.identities.forRequest(request, seller),
      app.identities.publicIdentity(seller),
    ]);
    const caller: CartCaller = { seller, identity, publicIdentityId: publicIdentity.id };
    return { caller, query };
  }

  // a malformed id cannot name a cart: the same 404 as a missing one
  const cartIdOf = (request: FastifyRequest) => {
    const { id } = idParams.parse(request.params);
    if (!UUID_RE.test(id))
      throw new AppError('not_found', 'cart', 'Cart not found', { cart_id: id });
    return id.toLowerCase();
  };

  const send = (reply: FastifyReply, body: CartBundle, status = 200) =>
    reply.status(status).header('cache-control', 'no-store').send(cartBundleSchema.parse(body));

  app.post(
    '/api/my/cart/modify',
    { schema: { body: cartModifyBodySchema }, config: { callLimit: 'cart_create' } },
    async (request, reply) => {
      const { caller } = await callerOf(request);
      return send(reply, await service.modify(caller, null, modifyBodyOf(request)), 201);
    },
  );

  for (const path of ['/api/my/cart/:id/modify', '/api/cart/:id/modify']) {
    app.post(path, { schema: { body: cartModifyBodySchema } }, async (request, reply) => {
      const cartId = cartIdOf(request);
      const { caller } = await callerOf(request);
      return send(reply, await service.modify(caller, cartId, modifyBodyOf(request)));
    });
  }

  // spec: shopping §7 — POST my/cart/{id}/apply_code (and cart/{id}/… for guests)
  for (const path of ['/api/my/cart/:id/apply_code', '/api/cart/:id/apply_code']) {
    app.post(path, { schema: { body: applyCodeBodySchema } }, async (request, reply) => {
      const cartId = cartIdOf(request);
      const { caller } = await callerOf(request);
      return send(reply, await service.applyCode(caller, cartId, request.body as ApplyCodeBody));
    });
  }

  app.post(
    '/api/cart/:id/remove',
    { schema: { body: cartRemoveBodySchema } },
    async (request, reply) => {
      const cartId = cartIdOf(request);
      const { caller } = await callerOf(request);
      const { tickets } = cartRemoveBodySchema.parse(request.body);
      return send(reply, await service.remove(caller, cartId, tickets));
    },
  );

  for (const path of ['/api/my/cart/:id', '/api/cart/:id']) {
    app.delete(path, async (request, reply) => {
      const cartId = cartIdOf(request);
      const { caller } = await callerOf(request);
      await service.deleteCart(caller, cartId);
      return reply.status(204).header('cache-control', 'no-store').send();
    });

    app.get(path, async (request, reply) => {
      const cartId = cartIdOf(request);
      const { caller, query } = await callerOf(request, cartQuery);
      const configKeys =
        query.relations.get('config')?.flatMap((f) => f.values.map(String)) ?? null;
      return send(reply, await service.get(caller, cartId, { limit: query.limit, configKeys }));
    });
  }

  // spec: identity §7 PATCH my/cart/{id} expires_at; giftee_identity_id on both (decision 0023)
  for (const path of ['/api/my/cart/:id', '/api/cart/:id']) {
    app.patch(path, { schema: { body: cartPatchBodySchema } }, async (request, reply) => {
      const cartId = cartIdOf(request);
      const { caller } = await callerOf(request);
      const body = request.body as CartPatchBody;
      return send(reply, await service.patch(caller, cartId, body));
    });
  }
}
