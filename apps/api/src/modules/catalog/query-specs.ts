import { sql } from 'drizzle-orm';
import { EVENT_EMBEDS, TICKET_GROUP_EMBEDS } from '@admit/contracts/catalog';
import type { QuerySpec, RelationSpec } from '@/http/query-grammar';
import { configRow, eventTemplate, ticketGroup } from '@/db/schema/catalog';
import { eventSession } from '@/db/schema/sessions';

/** What each browsing read accepts (spec: shopping §7). Anything not listed is a 400. */

const ticketGroupRelation: RelationSpec = {
  fields: {
    id: { sql: sql`${ticketGroup.id}`, type: 'uuid' },
    hidden_type: { sql: sql`${ticketGroup.hiddenType}`, type: 'text' },
    handler: { sql: sql`${ticketGroup.handler}`, type: 'text' },
  },
};

const eventSessionRelation: RelationSpec = {
  fields: {
    id: { sql: sql`${eventSession.id}`, type: 'uuid' },
    start_datetime: { sql: sql`${eventSession.startDatetime}`, type: 'timestamp' },
    end_datetime: { sql: sql`${eventSession.endDatetime}`, type: 'timestamp' },
  },
};

const eventSort = {
  fields: {
    rank: sql`${eventTemplate.rank}`,
    name: sql`${eventTemplate.name}`,
    category: sql`${eventTemplate.category}`,
    id: sql`${eventTemplate.id}`,
  },
  default: 'rank,name',
};

/** GET events/available */
export const availableEventsQuery: QuerySpec = {
  context: 'events',
  fields: {
    id: { sql: sql`${eventTemplate.id}`, type: 'uuid' },
    category: { sql: sql`${eventTemplate.category}`, type: 'text' },
    hidden_type: { sql: sql`${eventTemplate.hiddenType}`, type: 'text' },
    event_type: { sql: sql`${eventTemplate.eventType}`, type: 'text' },
    venue_id: { sql: sql`${eventTemplate.venueId}`, type: 'uuid' },
  },
  relations: { ticket_group: ticketGroupRelation, event_session: eventSessionRelation },
  meta: true,
  ondate: true,
  sort: eventSort,
  embeds: EVENT_EMBEDS,
};

/** GET events/{id}: relation filters only narrow the embedded groups, types and sessions. */
export const eventByIdQuery: QuerySpec = {
  context: 'event',
  fields: {},
  relations: { ticket_group: ticketGroupRelation, event_session: eventSessionRelation },
  ondate: true,
  embeds: EVENT_EMBEDS,
};

/** GET event_template */
export const eventTemplateQuery: QuerySpec = {
  context: 'event_template',
  fields: {
    id: { sql: sql`${eventTemplate.id}`, type: 'uuid' },
    category: { sql: sql`${eventTemplate.category}`, type: 'text' },
    venue_id: { sql: sql`${eventTemplate.venueId}`, type: 'uuid' },
  },
  sort: eventSort,
  embeds: ['venue', 'meta'],
};

/** GET config */
export const configQuery: QuerySpec = {
  context: 'config',
  fields: {
    id: { sql: sql`${configRow.id}`, type: 'uuid' },
    resource: { sql: sql`${configRow.resource}`, type: 'text' },
    resource_id: { sql: sql`${configRow.resourceId}`, type: 'uuid' },
    key: { sql: sql`${configRow.key}`, type: 'text' },
  },
  sort: {
    fields: {
      resource: sql`${configRow.resource}`,
      resource_id: sql`${configRow.resourceId}`,
      key: sql`${configRow.key}`,
    },
    default: 'resource,resource_id,key',
  },
};

/** GET ticket_group/{id}: a filter that the group does not match makes it not found. */
export const ticketGroupByIdQuery: QuerySpec = {
  context: 'ticket_group',
  fields: {
    handler: { sql: sql`${ticketGroup.handler}`, type: 'text' },
    hidden_type: { sql: sql`${ticketGroup.hiddenType}`, type: 'text' },
  },
  embeds: TICKET_GROUP_EMBEDS,
};
