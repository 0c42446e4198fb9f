import {
  configResponseSchema,
  eventTemplateResponseSchema,
  ticketGroupResponseSchema,
} from '../catalog';
import { sellerConfigResponseSchema } from '../seller-config';
import { callQuery, countParam, idParams, textParam } from './query';
import { defineRoute } from './route';

/** Browsing reads (shopping §7), each also on the public cache path. */

/** GET events/available: the listing's events with their embeds. */
export const availableEventsRoute = defineRoute({
  method: 'GET',
  url: '/api/events/available',
  cached: true,
  schema: {
    querystring: callQuery({ _embed: textParam, _limit: countParam }),
    response: { 200: eventTemplateResponseSchema },
  },
});

/** GET events/{id}: one event with its embeds ("404 or 400 means not found"). */
export const eventRoute = defineRoute({
  method: 'GET',
  url: '/api/events/:eventId',
  cached: true,
  schema: {
    params: idParams('eventId'),
    querystring: callQuery({ _embed: textParam }),
    response: { 200: eventTemplateResponseSchema },
  },
});

/** GET event_template (identity §7: id._in, embed meta and venue). */
export const eventTemplatesRoute = defineRoute({
  method: 'GET',
  url: '/api/event_template',
  cached: true,
  schema: {
    querystring: callQuery({ _embed: textParam, 'id._in': textParam }),
    response: { 200: eventTemplateResponseSchema },
  },
});

/** GET config (shopping §7 `config.key._in`): the seller's settings rows. */
export const configRoute = defineRoute({
  method: 'GET',
  url: '/api/config',
  cached: true,
  schema: {
    querystring: callQuery({ 'key._in': textParam, _limit: countParam }),
    response: { 200: configResponseSchema },
  },
});

/** GET ticket_group/{id}?_embed=ticket_type (the checkout's donation upsell). */
export const ticketGroupRoute = defineRoute({
  method: 'GET',
  url: '/api/ticket_group/:groupId',
  cached: true,
  schema: {
    params: idParams('groupId'),
    querystring: callQuery({ _embed: textParam }),
    response: { 200: ticketGroupResponseSchema },
  },
});

/** GET seller_config: the storefront's settings (the dev server's boot read). */
export const sellerConfigRoute = defineRoute({
  method: 'GET',
  url: '/api/seller_config',
  cached: true,
  schema: { querystring: callQuery({}), response: { 200: sellerConfigResponseSchema } },
});
