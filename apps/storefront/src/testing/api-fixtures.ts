import type { EventTemplateResponse } from '@admit/contracts/catalog';
import { toCollection } from '@admit/contracts/envelope';
import type {
  EventTemplate,
  Meta,
  TicketGroup,
  TicketType,
  Venue,
} from '@admit/contracts/resources';

/** The demo seller's id, shared with `makeSellerConfig`. */
export const FIXTURE_SELLER_ID = '5f0b7c1e-8f43-4b53-9a55-2a5c8c2f1a01';

/** Deterministic v4-shaped ids, so fixtures are stable across runs: fixtureId(1) … */
export function fixtureId(n: number): string {
  return `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
}

export function makeVenue(overrides: Partial<Venue> = {}): Venue {
  return {
    id: fixtureId(900),
    seller_id: FIXTURE_SELLER_ID,
    name: 'Main Building',
    timezone: 'America/New_York',
    address: '1 Museum Way, Springfield',
    ...overrides,
  };
}

export function makeEventTemplate(overrides: Partial<EventTemplate> = {}): EventTemplate {
  return {
    id: fixtureId(1),
    seller_id: FIXTURE_SELLER_ID,
    name: 'General Admission',
    subtitle: null,
    summary: 'Explore the permanent collection.',
    description: '<p>Explore the permanent collection.</p>',
    category: 'Admission',
    event_type: 'repeating',
    hidden_type: 'public_browsable',
    venue_id: fixtureId(900),
    rank: 1,
    ...overrides,
  };
}

export function makeTicketGroup(overrides: Partial<TicketGroup> = {}): TicketGroup {
  return {
    id: fixtureId(100),
    seller_id: FIXTURE_SELLER_ID,
    event_template_id: fixtureId(1),
    name: 'Tickets',
    description: null,
    summary: null,
    color: 0,
    handler: 'tickets',
    hidden_type: 'public_browsable',
    start_policy: null,
    start_policy_date: null,
    duration_new: null,
    min_tickets_per_order: null,
    max_tickets_per_order: null,
    sales_start: null,
    sales_end: null,
    capacity: -1,
    oversell_capacity: 0,
    used_capacity: 0,
    exclude_from_event_capacity: false,
    sold_out: false,
    available: true,
    rank: 1,
    ...overrides,
  };
}

export function makeTicketType(overrides: Partial<TicketType> = {}): TicketType {
  return {
    id: fixtureId(200),
    seller_id: FIXTURE_SELLER_ID,
    ticket_group_id: fixtureId(100),
    name: 'Adult',
    description: null,
    summary: null,
    _rank: 1,
    currency_amount: '25.00',
    currency_amount_min: null,
    currency_amount_max: null,
    outside_fees: [],
    available: true,
    ...overrides,
  };
}

let metaCounter = 0;

/** One meta row of an event template, e.g. makeMeta(eventId, 'image_cover', '/api/image/…'). */
export function makeMeta(
  resourceId: string,
  key: string,
  value: unknown,
  resource = 'event_template',
): Meta {
  metaCounter += 1;
  return { id: fixtureId(5000 + metaCounter), resource, resource_id: resourceId, key, value };
}

/**
 * A body of GET events/available or GET events/{id}: the template collection plus the sibling
 * collections given (shopping §7: embeds are siblings joined by `*_id`, never nested).
 */
export function eventTemplateBody(parts: {
  event_template: EventTemplate[];
  meta?: Meta[];
  venue?: Venue[];
  ticket_group?: TicketGroup[];
  ticket_type?: TicketType[];
}): EventTemplateResponse {
  const body: EventTemplateResponse = { event_template: toCollection(parts.event_template) };
  if (parts.meta) body.meta = toCollection(parts.meta);
  if (parts.venue) body.venue = toCollection(parts.venue);
  if (parts.ticket_group) body.ticket_group = toCollection(parts.ticket_group);
  if (parts.ticket_type) body.ticket_type = toCollection(parts.ticket_type);
  return body;
}
