import { orderSessionResponseSchema, ticketOrderListResponseSchema } from '../account';
import { orderBundleSchema } from '../checkout';
import { codeLookupResponseSchema } from '../codes';
import { acceptedResponseSchema, myResendBodySchema } from '../identity';
import { orderEmailBodySchema } from '../manage';
import { cancelAutoRenewResponseSchema, myMembershipResponseSchema } from '../membership';
import { walletPrecheckResponseSchema } from '../wallet';
import { callQuery, idParams, proofQuery, textParam } from './query';
import { defineRoute } from './route';

/** Orders and what hangs off them (identity §7): the account's reads, e-mails, wallet, codes. */

/** GET ticket_order/{id} with its proof, uncached; 404 not_found when not the buyer's. */
export const ticketOrderRoute = defineRoute({
  method: 'GET',
  url: '/api/ticket_order/:orderId',
  schema: {
    params: idParams('orderId'),
    querystring: callQuery(proofQuery),
    response: { 200: orderBundleSchema },
  },
});

/** GET my/ticket_order: the logged-in buyer's orders with the account's embeds. */
export const myTicketOrdersRoute = defineRoute({
  method: 'GET',
  url: '/api/my/ticket_order',
  schema: {
    querystring: callQuery({
      _embed: textParam,
      'ticket.state._in': textParam,
      'id._in': textParam,
    }),
    response: { 200: ticketOrderListResponseSchema },
  },
});

/** GET my/order_session: one row per order and session, by start ascending. */
export const myOrderSessionsRoute = defineRoute({
  method: 'GET',
  url: '/api/my/order_session',
  schema: {
    querystring: callQuery({
      _embed: textParam,
      _sort: textParam,
      'ticket.state._in': textParam,
      'start_datetime._gt': textParam,
      'start_datetime._lt': textParam,
      event_session_id: textParam,
    }),
    response: { 200: orderSessionResponseSchema },
  },
});

/** POST ticket_order/{id}/email: the order's mail again (an empty body in the account area). */
export const orderEmailRoute = defineRoute({
  method: 'POST',
  url: '/api/ticket_order/:orderId/email',
  schema: {
    params: idParams('orderId'),
    body: orderEmailBodySchema,
    response: { 200: acceptedResponseSchema },
  },
});

/** POST my/ticket_order/resend: the logged-in buyer's (membership) mails again. */
export const myResendRoute = defineRoute({
  method: 'POST',
  url: '/api/my/ticket_order/resend',
  schema: { body: myResendBodySchema, response: { 200: acceptedResponseSchema } },
});

/** GET ticket/{id}/walletprecheck: which wallet providers can issue the pass. */
export const walletPrecheckRoute = defineRoute({
  method: 'GET',
  url: '/api/ticket/:ticketId/walletprecheck',
  schema: {
    params: idParams('ticketId'),
    querystring: callQuery({ secret: textParam }),
    response: { 200: walletPrecheckResponseSchema },
  },
});

/** DELETE ticket_order/{id}/auto_renew: scheduled terms become cancelled (decision 0038). */
export const cancelAutoRenewRoute = defineRoute({
  method: 'DELETE',
  url: '/api/ticket_order/:orderId/auto_renew',
  schema: {
    params: idParams('orderId'),
    querystring: callQuery({ secret: textParam }),
    response: { 200: cancelAutoRenewResponseSchema },
  },
});

/**
 * DELETE my/membership/{id}/auto_renew: the logged-in holder cancels their own term's auto-renew,
 * also a term no order made (decision 0057; the spec's call needs an order).
 */
export const cancelMyAutoRenewRoute = defineRoute({
  method: 'DELETE',
  url: '/api/my/membership/:membershipId/auto_renew',
  schema: {
    params: idParams('membershipId'),
    querystring: callQuery({}),
    response: { 200: cancelAutoRenewResponseSchema },
  },
});

/** GET code/{code}?mode=advertise,code: a gift or promo code's lookup, never cached. */
export const codeLookupRoute = defineRoute({
  method: 'GET',
  url: '/api/code/:code',
  schema: {
    params: idParams('code'),
    querystring: callQuery({ mode: textParam }),
    response: { 200: codeLookupResponseSchema },
  },
});

/** GET my/membership with its embeds: the caller's terms, latest ending first. */
export const myMembershipRoute = defineRoute({
  method: 'GET',
  url: '/api/my/membership',
  schema: {
    querystring: callQuery({ _embed: textParam }),
    response: { 200: myMembershipResponseSchema },
  },
});
