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
import { isUuid } from '@/http/query-values';
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

const idParams = z.object({ id: z.string() });
// who is calling: the seller and the visitor, from the caller hook (http/caller.ts)
const config = { caller: 'visitor', callerContext: 'cart' } as const;

/** Registers the cart calls of shopping §7 under /api (never cached: every answer is no-store). */
export function registerCartRoutes(app: FastifyInstance) {
  const service = createCartService({
    db: app.deps.database.db,
    now: () => app.deps.now(),
    planCacheMs: app.deps.config.RESERVE_PLAN_CACHE_MS,
  });
  // the query grammar still checks the other parameters (the seller is the hook's)
  const queryOf = (request: FastifyRequest, spec = writeQuery) =>
    parseQuery(spec, request.query as Record<string, string>);

  // a malformed id cannot name a cart: the same 404 as a missing one
  const cartIdOf = (request: FastifyRequest) => {
    const { id } = idParams.parse(request.params);
    if (!isUuid(id)) throw new AppError('not_found', 'cart', 'Cart not found', { cart_id: id });
    return id.toLowerCase();
  };

  const send = (reply: FastifyReply, body: CartBundle, status = 200) =>
    reply.status(status).header('cache-control', 'no-store').send(cartBundleSchema.parse(body));

  app.post(
    '/api/my/cart/modify',
    {
      schema: { body: cartModifyBodySchema },
      config: { ...config, callLimit: ['cart_create', 'code_apply'] },
    },
    async (request, reply) => {
      queryOf(request);
      return send(reply, await service.modify(request.caller, null, modifyBodyOf(request)), 201);
    },
  );

  // a modify naming codes counts as a code guess (decision 0046), as apply_code does
  const codeConfig = { ...config, callLimit: 'code_apply' } as const;
  for (const path of ['/api/my/cart/:id/modify', '/api/cart/:id/modify']) {
    const options = { schema: { body: cartModifyBodySchema }, config: codeConfig };
    app.post(path, options, async (request, reply) => {
      const cartId = cartIdOf(request);
      queryOf(request);
      return send(reply, await service.modify(request.caller, cartId, modifyBodyOf(request)));
    });
  }

  // spec: shopping §7 — POST my/cart/{id}/apply_code (and cart/{id}/… for guests)
  for (const path of ['/api/my/cart/:id/apply_code', '/api/cart/:id/apply_code']) {
    const options = { schema: { body: applyCodeBodySchema }, config: codeConfig };
    app.post(path, options, async (request, reply) => {
      const cartId = cartIdOf(request);
      queryOf(request);
      return send(
        reply,
        await service.applyCode(request.caller, cartId, request.body as ApplyCodeBody),
      );
    });
  }

  app.post(
    '/api/cart/:id/remove',
    { schema: { body: cartRemoveBodySchema }, config },
    async (request, reply) => {
      const cartId = cartIdOf(request);
      queryOf(request);
      const { tickets } = request.body as z.output<typeof cartRemoveBodySchema>;
      return send(reply, await service.remove(request.caller, cartId, tickets));
    },
  );

  for (const path of ['/api/my/cart/:id', '/api/cart/:id']) {
    app.delete(path, { config }, async (request, reply) => {
      const cartId = cartIdOf(request);
      queryOf(request);
      await service.deleteCart(request.caller, cartId);
      return reply.status(204).header('cache-control', 'no-store').send();
    });

    app.get(path, { config }, async (request, reply) => {
      const cartId = cartIdOf(request);
      const query = queryOf(request, cartQuery);
      const configKeys =
        query.relations.get('config')?.flatMap((f) => f.values.map(String)) ?? null;
      return send(
        reply,
        await service.get(request.caller, cartId, { limit: query.limit, configKeys }),
      );
    });
  }

  // spec: identity §7 PATCH my/cart/{id} expires_at; giftee_identity_id on both (decision 0023)
  for (const path of ['/api/my/cart/:id', '/api/cart/:id']) {
    app.patch(path, { schema: { body: cartPatchBodySchema }, config }, async (request, reply) => {
      const cartId = cartIdOf(request);
      queryOf(request);
      const body = request.body as CartPatchBody;
      return send(reply, await service.patch(request.caller, cartId, body));
    });
  }
}
