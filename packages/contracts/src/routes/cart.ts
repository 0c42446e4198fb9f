import {
  cartBundleSchema,
  cartModifyBodySchema,
  cartPatchBodySchema,
  cartRemoveBodySchema,
} from '../cart';
import { applyCodeBodySchema } from '../codes';
import { gifteeBodySchema, gifteeResponseSchema } from '../gift';
import { callQuery, countParam, idParams, noContent, textParam } from './query';
import { defineRoute } from './route';

/** The cart (shopping §7 "The calls it makes"): every call answers the cart bundle. */

/**
 * The embeds of the cart calls (shopping §7 GET my/cart/{id} "embeds identity, ticket, ticket
 * type and group, …"): the generic client sends them on every cart call, the writes and POST
 * giftee too, so each of those takes them (and refuses any other).
 */
export const CART_CALL_EMBEDS = [
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

const cartReadQuery = callQuery({ _embed: textParam, _limit: countParam });

/** GET my/cart/{id}?_limit=1000, never cached: holds and totals move. */
export const myCartRoute = defineRoute({
  method: 'GET',
  url: '/api/my/cart/:cartId',
  schema: {
    params: idParams('cartId'),
    querystring: cartReadQuery,
    response: { 200: cartBundleSchema },
  },
});

/** GET cart/{id}: a guest's cart (the transfer page, embedding ticket_order). */
export const guestCartRoute = defineRoute({
  method: 'GET',
  url: '/api/cart/:cartId',
  schema: {
    params: idParams('cartId'),
    querystring: cartReadQuery,
    response: { 200: cartBundleSchema },
  },
});

/**
 * The modify calls' query: the generic client's read parameters, and the new cart's campaign
 * (shopping §7 "campaign query values"), which the body's `campaign` overrides.
 */
const cartModifyQuery = callQuery({
  _embed: textParam,
  _limit: countParam,
  campaign: cartModifyBodySchema.shape.campaign,
});

/** POST my/cart/modify: reserve into a new cart for the visitor's identity (201: it made one). */
export const newCartModifyRoute = defineRoute({
  method: 'POST',
  url: '/api/my/cart/modify',
  schema: {
    querystring: cartModifyQuery,
    body: cartModifyBodySchema,
    response: { 201: cartBundleSchema },
  },
});

/** POST my/cart/{id}/modify: reserve into (or remove from) the visitor's cart. */
export const cartModifyRoute = defineRoute({
  method: 'POST',
  url: '/api/my/cart/:cartId/modify',
  schema: {
    params: idParams('cartId'),
    querystring: cartModifyQuery,
    body: cartModifyBodySchema,
    response: { 200: cartBundleSchema },
  },
});

/** POST cart/{id}/remove `{ tickets }`. */
export const cartRemoveRoute = defineRoute({
  method: 'POST',
  url: '/api/cart/:cartId/remove',
  schema: {
    params: idParams('cartId'),
    body: cartRemoveBodySchema,
    response: { 200: cartBundleSchema },
  },
});

/** PATCH my/cart/{id}: a new expiry (the extension) and/or the giftee. */
export const cartPatchRoute = defineRoute({
  method: 'PATCH',
  url: '/api/my/cart/:cartId',
  schema: {
    params: idParams('cartId'),
    body: cartPatchBodySchema,
    response: { 200: cartBundleSchema },
  },
});

/** DELETE my/cart/{id}: 204. */
export const cartDeleteRoute = defineRoute({
  method: 'DELETE',
  url: '/api/my/cart/:cartId',
  schema: { params: idParams('cartId'), response: { 204: noContent } },
});

/** POST my/cart/{id}/apply_code: the bundle with the code's cartmods. */
export const applyCodeRoute = defineRoute({
  method: 'POST',
  url: '/api/my/cart/:cartId/apply_code',
  schema: {
    params: idParams('cartId'),
    body: applyCodeBodySchema,
    response: { 200: cartBundleSchema },
  },
});

/** POST giftee: the gift's recipient as an identity (decision 0023). */
export const gifteeRoute = defineRoute({
  method: 'POST',
  url: '/api/giftee',
  schema: {
    querystring: callQuery({ _embed: textParam, _limit: countParam }),
    body: gifteeBodySchema,
    response: { 201: gifteeResponseSchema },
  },
});
