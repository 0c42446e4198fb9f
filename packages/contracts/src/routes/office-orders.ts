import {
  officeCancelBodySchema,
  officeMoveBodySchema,
  officeNoteBodySchema,
  officeOrderMoveResponseSchema,
  officeOrderResponseSchema,
  officeOrderSearchQuery,
  officeEventsResponseSchema,
  officeOrderSearchResponseSchema,
  officeReissueBodySchema,
  officeResendBodySchema,
} from '../office-orders';
import { callQuery, idParams } from './query';
import { defineRoute } from './route';

/** The office's orders (issue #27, decision 0087): box office and owners only. */

/** GET /api/office/ticket_order: the search, newest first. */
export const officeOrderSearchRoute = defineRoute({
  method: 'GET',
  url: '/api/office/ticket_order',
  schema: {
    querystring: callQuery(officeOrderSearchQuery),
    response: { 200: officeOrderSearchResponseSchema },
  },
});

/** GET /api/office/ticket_order/{orderId}: the order's whole story. */
export const officeOrderRoute = defineRoute({
  method: 'GET',
  url: '/api/office/ticket_order/:orderId',
  schema: {
    params: idParams('orderId'),
    querystring: callQuery({}),
    response: { 200: officeOrderResponseSchema },
  },
});

/** POST …/resend: the confirmation mailed to the buyer again. */
export const officeOrderResendRoute = defineRoute({
  method: 'POST',
  url: '/api/office/ticket_order/:orderId/resend',
  schema: {
    params: idParams('orderId'),
    querystring: callQuery({}),
    body: officeResendBodySchema,
    response: { 200: officeOrderResponseSchema },
  },
});

/** POST …/cancel: tickets cancelled, their places back, what paid for them refunded. */
export const officeOrderCancelRoute = defineRoute({
  method: 'POST',
  url: '/api/office/ticket_order/:orderId/cancel',
  schema: {
    params: idParams('orderId'),
    querystring: callQuery({}),
    body: officeCancelBodySchema,
    response: { 200: officeOrderResponseSchema },
  },
});

/** POST …/note: a note on the order. */
export const officeOrderNoteRoute = defineRoute({
  method: 'POST',
  url: '/api/office/ticket_order/:orderId/note',
  schema: {
    params: idParams('orderId'),
    querystring: callQuery({}),
    body: officeNoteBodySchema,
    response: { 200: officeOrderResponseSchema },
  },
});

/** POST …/reissue_code: the order's scan codes issued anew and mailed. */
export const officeOrderReissueRoute = defineRoute({
  method: 'POST',
  url: '/api/office/ticket_order/:orderId/reissue_code',
  schema: {
    params: idParams('orderId'),
    querystring: callQuery({}),
    body: officeReissueBodySchema,
    response: { 200: officeOrderResponseSchema },
  },
});

/** POST …/move: tickets moved to another session of their event; `dry_run` previews. */
export const officeOrderMoveRoute = defineRoute({
  method: 'POST',
  url: '/api/office/ticket_order/:orderId/move',
  schema: {
    params: idParams('orderId'),
    querystring: callQuery({}),
    body: officeMoveBodySchema,
    response: { 200: officeOrderMoveResponseSchema },
  },
});

/** GET /api/office/event_template (owner, box office): all the seller's events, for pickers. */
export const officeEventsRoute = defineRoute({
  method: 'GET',
  url: '/api/office/event_template',
  schema: { querystring: callQuery({}), response: { 200: officeEventsResponseSchema } },
});
