import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  applyCodeRoute,
  CART_CALL_EMBEDS,
  cartDeleteRoute,
  cartModifyRoute,
  cartPatchRoute,
  cartRemoveRoute,
  guestCartRoute,
  myCartRoute,
  newCartModifyRoute,
} from '@admit/contracts/routes/cart';
import { cartModifyBodySchema, type CartModifyBody } from '@admit/contracts/cart';
import { AppError } from '@/http/app-error';
import { parseInput } from '@/http/parse-input';
import { parseQuery, type QuerySpec } from '@/http/query-grammar';
import { isUuid } from '@/http/query-values';
import { fromTable, onUrl } from '@/http/table-route';

const cartQuery: QuerySpec = {
  context: 'cart',
  fields: {},
  // spec: shopping §7 — config.key._in (config.image, web.session_picker_tabs)
  relations: { config: { fields: { key: { sql: sql`key`, type: 'text' } } } },
  // _embed is accepted for the clients' sake; the bundle always carries every sibling
  embeds: CART_CALL_EMBEDS,
};
// spec: shopping §7 "Generic client" — every request carries _seller, _embed and _limit, the
// writes too: each answers the same bundle as the read, so it takes the read's embeds
const writeQuery: QuerySpec = { context: 'cart', fields: {}, embeds: CART_CALL_EMBEDS };

// who is calling: the seller and the visitor, from the caller hook (http/caller.ts)
const config = { caller: 'visitor', callerContext: 'cart' } as const;
// a modify naming codes counts as a code guess (decision 0046), as apply_code does
const codeConfig = { ...config, callLimit: 'code_apply' } as const;

// the query grammar still checks the other parameters (the seller is the hook's)
const queryOf = (query: Record<string, string>, spec = writeQuery) => parseQuery(spec, query);

// spec: shopping §7 — POST my/cart/modify with no cart yet carries "campaign query values": the
// generic client sends `campaign` in the query, the storefront in the body; all three modify
// calls take it either way, as the body schema does on all three
const modifyQuery: QuerySpec = { ...writeQuery, options: ['campaign'] };
const campaignQuery = z.object({ campaign: cartModifyBodySchema.shape.campaign });

/**
 * The modify body with the query's `campaign`, held to the body's rule. When both name one, the
 * body wins rather than refusing the call: the campaign is attribution only, and a reserve
 * refused for it would lose the sale it attributes (the storefront's landing attribution, too,
 * loses the attribution, never the purchase: stores/landing-attribution.ts).
 */
function withQueryCampaign(query: Record<string, string>, body: CartModifyBody): CartModifyBody {
  const { campaign } = parseInput(campaignQuery, queryOf(query, modifyQuery).options, 'cart');
  return campaign === undefined || body.campaign !== undefined ? body : { ...body, campaign };
}

// a malformed id cannot name a cart: the same 404 as a missing one
const cartIdOf = ({ cartId: id }: { cartId: string }) => {
  if (!isUuid(id)) throw new AppError('not_found', 'cart', 'Cart not found', { cart_id: id });
  return id.toLowerCase();
};

/**
 * The cart calls of shopping §7 under /api (never cached: every answer is no-store), over the
 * one cart service (`app.cart`, cart-plugin.ts).
 */
export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  const { cart } = app;

  // path, method and schemas from the contracts route table (decision 0050); every answer is
  // the cart bundle, serialised by the table's response schema
  app.route({
    ...fromTable(newCartModifyRoute),
    config: { ...config, callLimit: ['cart_create', 'code_apply'] },
    handler: async (request, reply) => {
      const modifyBody = withQueryCampaign(request.query, request.body);
      const body = await cart.modify(request.caller, null, modifyBody);
      return reply.status(201).header('cache-control', 'no-store').send(body);
    },
  });

  // a guest's cart takes the same calls on `cart/{id}/…` (spec: shopping §7)
  for (const route of [cartModifyRoute, onUrl(cartModifyRoute, '/api/cart/:cartId/modify')]) {
    app.route({
      ...fromTable(route),
      config: codeConfig,
      handler: async (request, reply) => {
        const cartId = cartIdOf(request.params);
        const modifyBody = withQueryCampaign(request.query, request.body);
        const body = await cart.modify(request.caller, cartId, modifyBody);
        return reply.header('cache-control', 'no-store').send(body);
      },
    });
  }

  // spec: shopping §7 — POST my/cart/{id}/apply_code (and cart/{id}/… for guests)
  for (const route of [applyCodeRoute, onUrl(applyCodeRoute, '/api/cart/:cartId/apply_code')]) {
    app.route({
      ...fromTable(route),
      config: codeConfig,
      handler: async (request, reply) => {
        const cartId = cartIdOf(request.params);
        queryOf(request.query);
        const body = await cart.applyCode(request.caller, cartId, request.body);
        return reply.header('cache-control', 'no-store').send(body);
      },
    });
  }

  app.route({
    ...fromTable(cartRemoveRoute),
    config,
    handler: async (request, reply) => {
      const cartId = cartIdOf(request.params);
      queryOf(request.query);
      const body = await cart.remove(request.caller, cartId, request.body.tickets);
      return reply.header('cache-control', 'no-store').send(body);
    },
  });

  const guestUrl = '/api/cart/:cartId';
  for (const route of [cartDeleteRoute, onUrl(cartDeleteRoute, guestUrl)]) {
    app.route({
      ...fromTable(route),
      config,
      handler: async (request, reply) => {
        const cartId = cartIdOf(request.params);
        queryOf(request.query);
        await cart.deleteCart(request.caller, cartId);
        return reply.status(204).header('cache-control', 'no-store').send(null);
      },
    });
  }

  // a guest's cart is read the same way (the transfer page's GET cart/{id})
  for (const route of [myCartRoute, guestCartRoute]) {
    app.route({
      ...fromTable(route),
      config,
      handler: async (request, reply) => {
        const cartId = cartIdOf(request.params);
        const query = queryOf(request.query, cartQuery);
        const configKeys =
          query.relations.get('config')?.flatMap((f) => f.values.map(String)) ?? null;
        const body = await cart.get(request.caller, cartId, { limit: query.limit, configKeys });
        return reply.header('cache-control', 'no-store').send(body);
      },
    });
  }

  // spec: identity §7 PATCH my/cart/{id} expires_at; giftee_identity_id on both (decision 0023)
  for (const route of [cartPatchRoute, onUrl(cartPatchRoute, guestUrl)]) {
    app.route({
      ...fromTable(route),
      config,
      handler: async (request, reply) => {
        const cartId = cartIdOf(request.params);
        queryOf(request.query);
        const body = await cart.patch(request.caller, cartId, request.body);
        return reply.header('cache-control', 'no-store').send(body);
      },
    });
  }
};
