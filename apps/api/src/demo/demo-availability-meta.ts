import type * as catalogTables from '@/db/schema/catalog';
import { demoId } from './demo-ids';

/**
 * Demo meta for the availability and reserve flows: message rules on the museum's timed
 * admission (shopping §3 "Message rules": date and session annotations, messages, quantity
 * messages) and named, surveyed tickets on the planetarium (admit_names, additional_info_spec,
 * shopping §5). Written beside each event's own meta by write-seller.ts.
 */

type MetaRow = typeof catalogTables.meta.$inferInsert;

interface ExtraMeta {
  event?: Record<string, unknown>;
  /** by the group's key in the demo catalogue */
  groups?: Record<string, Record<string, unknown>>;
}

const EXTRA_META: Record<string, Record<string, ExtraMeta>> = {
  'demo-museum': {
    'general-admission': {
      event: {
        message_rules: [
          {
            action: 'date_annotation',
            message: 'Late opening',
            triggers: { dateOrSession: { weekdays: [4] } },
          },
          {
            action: 'date_message',
            message: 'Weekends are busy: morning entry times are the quietest.',
            triggers: { dateOrSession: { weekdays: [6, 7] } },
          },
          {
            action: 'session_annotation',
            message: 'Quiet hour',
            triggers: { dateOrSession: { time_of_day: { start: '10:00', end: '11:00' } } },
          },
          {
            action: 'session_message',
            message: 'The arcade is at its sunniest in the afternoon.',
            triggers: { dateOrSession: { time_of_day: { start: '14:00', end: '17:00' } } },
          },
          {
            action: 'quantity_message',
            message: 'Visiting with 10 or more? Ask us about group rates.',
            triggers: { quantity: { ticket_group_names: ['Timed Admission'], min: 10 } },
          },
        ],
      },
    },
    'cosmic-nights': {
      groups: {
        dome: {
          admit_names: 'required',
          additional_info_spec: {
            properties: {
              age: {
                type: 'integer',
                title: 'Age',
                description: 'The show is recommended from age 5.',
                minimum: 0,
                maximum: 120,
                propertyOrder: 1,
                contexts: ['reserve'],
              },
              seating: {
                type: 'string',
                title: 'Seating preference',
                enum: ['No preference', 'Aisle', 'Centre'],
                propertyOrder: 2,
                contexts: ['reserve'],
              },
            },
            required: ['age'],
          },
        },
      },
    },
  },
};

function rows(
  sellerId: string,
  resource: string,
  resourceId: string,
  values: Record<string, unknown>,
) {
  return Object.entries(values).map(([key, value]): MetaRow => ({
    id: demoId(`${resource}/${resourceId}/meta/${key}`),
    sellerId,
    resource,
    resourceId,
    key,
    value,
  }));
}

/** The extra meta rows of one demo event (none for most); group ids derive as write-seller's do. */
export function demoAvailabilityMeta(
  sellerId: string,
  sellerSlug: string,
  eventId: string,
  eventKey: string,
): MetaRow[] {
  const extra = EXTRA_META[sellerSlug]?.[eventKey];
  if (!extra) return [];
  return [
    ...rows(sellerId, 'event_template', eventId, extra.event ?? {}),
    ...Object.entries(extra.groups ?? {}).flatMap(([groupKey, values]) =>
      rows(sellerId, 'ticket_group', demoId(`${eventId}/group/${groupKey}`), values),
    ),
  ];
}
