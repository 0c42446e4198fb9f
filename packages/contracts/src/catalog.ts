import { z } from 'zod';
import { collectionSchema } from './envelope';
import {
  configRowSchema,
  eventSessionSchema,
  eventTemplateSchema,
  metaSchema,
  ticketGroupSchema,
  ticketTypeSchema,
  venueSchema,
} from './resources';

/**
 * Response bodies of the browsing reads (shopping §7). The primary collection is keyed by its
 * resource type; `_embed` adds sibling collections, never nested, joined by `*_id`.
 */
export const EVENT_EMBEDS = [
  'meta',
  'config',
  'venue',
  'ticket_type',
  'ticket_group',
  'event_session',
] as const;
export type EventEmbed = (typeof EVENT_EMBEDS)[number];

const siblings = {
  meta: collectionSchema(metaSchema).optional(),
  config: collectionSchema(configRowSchema).optional(),
  venue: collectionSchema(venueSchema).optional(),
  ticket_type: collectionSchema(ticketTypeSchema).optional(),
  ticket_group: collectionSchema(ticketGroupSchema).optional(),
  event_session: collectionSchema(eventSessionSchema).optional(),
};

/** GET events/available, GET events/{id}, GET event_template */
export const eventTemplateResponseSchema = z.object({
  event_template: collectionSchema(eventTemplateSchema),
  ...siblings,
});
export type EventTemplateResponse = z.infer<typeof eventTemplateResponseSchema>;

export const TICKET_GROUP_EMBEDS = ['ticket_type', 'meta', 'config'] as const;

/** GET ticket_group/{id} */
export const ticketGroupResponseSchema = z.object({
  ticket_group: collectionSchema(ticketGroupSchema),
  ticket_type: collectionSchema(ticketTypeSchema).optional(),
  meta: collectionSchema(metaSchema).optional(),
  config: collectionSchema(configRowSchema).optional(),
});
export type TicketGroupResponse = z.infer<typeof ticketGroupResponseSchema>;

/** GET config */
export const configResponseSchema = z.object({ config: collectionSchema(configRowSchema) });
export type ConfigResponse = z.infer<typeof configResponseSchema>;
