import {
  extendedCalendarDays,
  type CalendarDay,
  type SelectionBody,
} from '@admit/contracts/availability';
import { MAX_CALENDAR_TICKET_TYPES } from '@admit/contracts/constants';
import { calendarForSelectionRoute } from '@admit/contracts/routes/availability';
import { ApiError, call } from '@/api/client';
import type { Quantities } from '@/features/reserve/model/stepper-rules';

/** The selected quantities as the availability calls take them (types with 0 left out). */
export function toSelectionBody(quantities: Quantities): SelectionBody {
  return {
    ticket_types_required: Object.entries(quantities)
      .filter(([, quantity]) => quantity > 0)
      .map(([ticket_type_id, quantity]) => ({ ticket_type_id, quantity })),
  };
}

/** spec: shopping §5, §9 — at most 10 different ticket types for the calendar. */
export function hasTooManyTypes(quantities: Quantities): boolean {
  return toSelectionBody(quantities).ticket_types_required.length > MAX_CALENDAR_TICKET_TYPES;
}

/** spec: shopping §8 — validation_failed in context event_calendar is the 10-types message. */
export function isTooManyTypesError(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.code === 'validation_failed' &&
    error.context === 'event_calendar'
  );
}

/**
 * spec: shopping §8 — "Validation_failed with context event_calendar gives the 10-types
 * message; other calendar errors show the API message".
 */
export type CalendarFailure = 'too_many_types' | 'generic' | { text: string };

export function calendarFailure(error: unknown): CalendarFailure {
  if (isTooManyTypesError(error)) return 'too_many_types';
  if (error instanceof ApiError && error.description) return { text: error.description };
  return 'generic';
}

/**
 * POST /api/events/{id}/calendar?_format=extended (shopping §7): the days on which the selected
 * quantities fit, priced for them. Live, not cached: the body decides the answer.
 */
export async function postCalendar(
  eventId: string,
  quantities: Quantities,
  before: string,
): Promise<CalendarDay[]> {
  const body = await call(calendarForSelectionRoute, {
    params: { eventId },
    query: { _format: 'extended', 'start_datetime._lt': before },
    body: toSelectionBody(quantities),
  });
  return extendedCalendarDays(body);
}
