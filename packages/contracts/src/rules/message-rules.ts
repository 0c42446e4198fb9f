import { z } from 'zod';

/**
 * Message rules (shopping §3 "Message rules", §5): an event's annotations and messages for dates,
 * sessions and selected quantities. Kept here, pure, because the server annotates calendar days
 * and the storefront shows session and quantity messages with the very same matching.
 * Stored as the event meta `message_rules` (an array of rules).
 */

export const MESSAGE_RULE_ACTIONS = [
  'date_annotation',
  'date_message',
  'session_annotation',
  'session_message',
  'quantity_message',
] as const;
export type MessageRuleAction = (typeof MESSAGE_RULE_ACTIONS)[number];

/** "HH:MM" or "HHMM" (the form session_picker_tabs use); 24:00 closes a day. */
const timeOfDay = z.string().regex(/^(?:[01]\d|2[0-3]):?[0-5]\d$|^24:?00$/);
const calendarDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const dateOrSessionTriggerSchema = z.object({
  /** inclusive calendar dates in the venue's zone; either end may be open */
  dateInterval: z.object({ start: calendarDate.nullish(), end: calendarDate.nullish() }).nullish(),
  /** ISO weekdays, 1 Monday … 7 Sunday */
  weekdays: z.array(z.number().int().min(1).max(7)).nullish(),
  /** start inclusive, end exclusive, compared in minutes since midnight (shopping §5) */
  time_of_day: z.object({ start: timeOfDay, end: timeOfDay }).nullish(),
});
export type DateOrSessionTrigger = z.infer<typeof dateOrSessionTriggerSchema>;

export const quantityTriggerSchema = z.object({
  ticket_group_ids: z.array(z.string()).nullish(),
  ticket_group_names: z.array(z.string()).nullish(),
  ticket_type_ids: z.array(z.string()).nullish(),
  ticket_type_names: z.array(z.string()).nullish(),
  /** inclusive; a missing min means at least one ticket, a missing max means no upper bound */
  min: z.number().int().nullish(),
  max: z.number().int().nullish(),
});
export type QuantityTrigger = z.infer<typeof quantityTriggerSchema>;

export const messageRuleSchema = z.object({
  action: z.enum(MESSAGE_RULE_ACTIONS),
  message: z.string(),
  triggers: z.object({
    dateOrSession: dateOrSessionTriggerSchema.nullish(),
    quantity: quantityTriggerSchema.nullish(),
  }),
});
export type MessageRule = z.infer<typeof messageRuleSchema>;

/** The valid rules of a stored meta value; malformed entries are skipped, not fatal. */
export function parseMessageRules(value: unknown): MessageRule[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    const parsed = messageRuleSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

/** Minutes since midnight of "HH:MM" / "HHMM". */
export function minutesOfDay(time: string): number {
  const digits = time.replace(':', '');
  return Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4));
}

/** ISO weekday of a "YYYY-MM-DD" date: 1 Monday … 7 Sunday. */
function isoWeekday(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay() || 7;
}

/** A moment as the venue sees it: its calendar date and wall-clock minutes since midnight. */
export interface LocalMoment {
  date: string;
  minutes: number;
}

/** Whether a date (and, for sessions, a start time) meets a dateOrSession trigger. */
export function dateTriggerMatches(
  trigger: DateOrSessionTrigger,
  date: string,
  startMinutes: number | null,
): boolean {
  const interval = trigger.dateInterval;
  if (interval?.start && date < interval.start) return false;
  if (interval?.end && date > interval.end) return false;
  if (trigger.weekdays && trigger.weekdays.length > 0) {
    if (!trigger.weekdays.includes(isoWeekday(date))) return false;
  }
  if (trigger.time_of_day && startMinutes !== null) {
    const start = minutesOfDay(trigger.time_of_day.start);
    const end = minutesOfDay(trigger.time_of_day.end);
    // spec: shopping §5 — start inclusive, end exclusive
    if (startMinutes < start || startMinutes >= end) return false;
  }
  return true;
}

export interface SelectedQuantity {
  ticket_type_id: string;
  ticket_type_name: string;
  ticket_group_id: string;
  ticket_group_name: string;
  quantity: number;
}

/** Whether the summed quantity of the matching types lies within min..max, inclusive. */
export function quantityTriggerMatches(
  trigger: QuantityTrigger,
  selection: SelectedQuantity[],
): boolean {
  const matches =
    (ids: string[] | null | undefined, names: string[] | null | undefined) =>
    (id: string, name: string) => {
      const byId = ids && ids.length > 0;
      const byName = names && names.length > 0;
      if (!byId && !byName) return true;
      return Boolean((byId && ids.includes(id)) || (byName && names.includes(name)));
    };
  const groupOk = matches(trigger.ticket_group_ids, trigger.ticket_group_names);
  const typeOk = matches(trigger.ticket_type_ids, trigger.ticket_type_names);
  const total = selection
    .filter(
      (s) =>
        groupOk(s.ticket_group_id, s.ticket_group_name) &&
        typeOk(s.ticket_type_id, s.ticket_type_name),
    )
    .reduce((sum, s) => sum + s.quantity, 0);
  const min = trigger.min ?? 1;
  return (
    total >= min && (trigger.max === null || trigger.max === undefined || total <= trigger.max)
  );
}

/**
 * The messages of one action for a date (date_* actions; `sessionMinutes` lists the day's
 * session start times so a time_of_day trigger matches a day with a session in the window) or
 * for one session (session_* actions). Every trigger a rule has must match; a quantity trigger
 * is evaluated against `selection` and never matches without one.
 */
export function messagesFor(
  rules: MessageRule[],
  action: MessageRuleAction,
  at: { date: string; sessionMinutes: number[] | null },
  selection: SelectedQuantity[] | null = null,
): string[] {
  return rules
    .filter((rule) => rule.action === action)
    .filter((rule) => {
      const { dateOrSession, quantity } = rule.triggers;
      if (dateOrSession) {
        const times = at.sessionMinutes;
        const ok =
          times === null || !dateOrSession.time_of_day
            ? dateTriggerMatches(dateOrSession, at.date, null)
            : times.some((m) => dateTriggerMatches(dateOrSession, at.date, m));
        if (!ok) return false;
      }
      if (quantity) return selection !== null && quantityTriggerMatches(quantity, selection);
      return true;
    })
    .map((rule) => rule.message);
}

/** quantity_message rules met by a selection, with any date/session trigger checked at `at`. */
export function quantityMessages(
  rules: MessageRule[],
  selection: SelectedQuantity[],
  at: LocalMoment | null,
): string[] {
  return rules
    .filter((rule) => rule.action === 'quantity_message')
    .filter((rule) => {
      const { dateOrSession, quantity } = rule.triggers;
      if (dateOrSession && at && !dateTriggerMatches(dateOrSession, at.date, at.minutes)) {
        return false;
      }
      return quantity ? quantityTriggerMatches(quantity, selection) : true;
    })
    .map((rule) => rule.message);
}
