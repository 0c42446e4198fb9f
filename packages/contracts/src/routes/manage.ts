import { z } from 'zod';
import { cartExtendBodySchema } from '../cart';
import { paymentEntrySchema, payResponseSchema } from '../checkout';
import {
  orderCancelBodySchema,
  orderCancelResponseSchema,
  orderEditBodySchema,
  orderEditResponseSchema,
  orderManageLinkResponseSchema,
  orderManageResponseSchema,
} from '../manage';
import { callQuery, idParams, noContent, textParam } from './query';
import { defineRoute } from './route';

/** Managing a bought order (identity §7, decision 0036): the manage read, cancel and the edit. */

/** `?secret=` the order's secret link, for a guest; the buyer's session needs none. */
const secretQuery = callQuery({ secret: textParam });
const orderParams = idParams('orderId');

/** GET ticket_order/{id}/manage: what may be changed and cancelled. */
export const orderManageRoute = defineRoute({
  method: 'GET',
  url: '/api/ticket_order/:orderId/manage',
  schema: {
    params: orderParams,
    querystring: secretQuery,
    response: { 200: orderManageResponseSchema },
  },
});

/**
 * POST ticket_order/{id}/cancel `{ tickets }`, with an Idempotency-Key. `?dry_run=true`: the same
 * answer as the cancel would give, nothing cancelled, no key needed (decision 0098).
 */
export const orderCancelRoute = defineRoute({
  method: 'POST',
  url: '/api/ticket_order/:orderId/cancel',
  schema: {
    params: orderParams,
    querystring: callQuery({ secret: textParam, dry_run: z.enum(['true', 'false']).optional() }),
    body: orderCancelBodySchema,
    response: { 200: orderCancelResponseSchema },
  },
});

/**
 * GET ticket_order/{id}/edit: the open edit, or 204 when there is none (every manage page asks,
 * and "no edit yet" is the usual answer, not an error: a 404 here was logged on each visit).
 */
export const orderEditRoute = defineRoute({
  method: 'GET',
  url: '/api/ticket_order/:orderId/edit',
  schema: {
    params: orderParams,
    querystring: secretQuery,
    response: { 200: orderEditResponseSchema, 204: noContent },
  },
});

/** POST ticket_order/{id}/edit: opens or changes the edit. */
export const orderEditChangeRoute = defineRoute({
  method: 'POST',
  url: '/api/ticket_order/:orderId/edit',
  schema: {
    params: orderParams,
    querystring: secretQuery,
    body: orderEditBodySchema,
    response: { 200: orderEditResponseSchema },
  },
});

/** PATCH ticket_order/{id}/edit `{ expires_at }`: the edit's hold extended. */
export const orderEditExtendRoute = defineRoute({
  method: 'PATCH',
  url: '/api/ticket_order/:orderId/edit',
  schema: {
    params: orderParams,
    querystring: secretQuery,
    body: cartExtendBodySchema,
    response: { 200: orderEditResponseSchema },
  },
});

/** DELETE ticket_order/{id}/edit: the edit discarded, 204. */
export const orderEditDiscardRoute = defineRoute({
  method: 'DELETE',
  url: '/api/ticket_order/:orderId/edit',
  schema: { params: orderParams, querystring: secretQuery, response: { 204: noContent } },
});

/** POST ticket_order/{id}/edit/pay: a payment entry on the edit; the cart or the order. */
export const orderEditPayRoute = defineRoute({
  method: 'POST',
  url: '/api/ticket_order/:orderId/edit/pay',
  schema: {
    params: orderParams,
    querystring: secretQuery,
    body: paymentEntrySchema,
    // the edit's cart while a part is paid, the order (201) once it is committed
    response: { 200: payResponseSchema, 201: payResponseSchema },
  },
});

/** POST my/ticket_order/{id}/manage_link: the buyer's own order's secret link (issue #25). */
export const orderManageLinkRoute = defineRoute({
  method: 'POST',
  url: '/api/my/ticket_order/:orderId/manage_link',
  schema: { params: orderParams, response: { 200: orderManageLinkResponseSchema } },
});
