import type { Meta } from '@admit/contracts/resources';
import { makeMeta } from '@/testing/api-fixtures';

/**
 * The demo museum's message rules (apps/api/src/demo/sellers/demo-museum.yaml) as an event meta,
 * for the reserve flows' route tests: weekends get a date message, 10:00–11:00 sessions an
 * annotation, afternoon sessions a message, ten or more timed tickets the group-rate hint.
 */
export const WEEKEND_MESSAGE = 'Weekends are busy: morning entry times are the quietest.';
export const QUIET_HOUR = 'Quiet hour';
export const AFTERNOON_MESSAGE = 'The arcade is at its sunniest in the afternoon.';
export const GROUP_RATE = 'Visiting with 10 or more? Ask us about group rates.';

export function messageRulesMeta(eventId: string, groupName = 'Timed Admission'): Meta {
  return makeMeta(eventId, 'message_rules', [
    {
      action: 'date_annotation',
      message: 'Late opening',
      triggers: { dateOrSession: { weekdays: [4] } },
    },
    {
      action: 'date_message',
      message: WEEKEND_MESSAGE,
      triggers: { dateOrSession: { weekdays: [6, 7] } },
    },
    {
      action: 'session_annotation',
      message: QUIET_HOUR,
      triggers: { dateOrSession: { time_of_day: { start: '10:00', end: '11:00' } } },
    },
    {
      action: 'session_message',
      message: AFTERNOON_MESSAGE,
      triggers: { dateOrSession: { time_of_day: { start: '12:00', end: '17:00' } } },
    },
    {
      action: 'quantity_message',
      message: GROUP_RATE,
      triggers: { quantity: { ticket_group_names: [groupName], min: 10 } },
    },
  ]);
}
