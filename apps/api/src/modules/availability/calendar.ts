import type { CalendarDay } from '@admit/contracts/availability';
import { MAX_CALENDAR_TICKET_TYPES } from '@admit/contracts/constants';
import { messagesFor, minutesOfDay } from '@admit/contracts/rules/message-rules';
import { sql } from 'drizzle-orm';
import type { Db } from '@/db/connection';
import { eventSession } from '@/db/schema/catalog';
import { localDate, localTime, zonedWallTimeToUtc } from '@/lib/zoned-time';
import { AppError } from '@/http/app-error';
import { allOf, filterConditions } from '@/http/query-sql';
import { resourceBody } from '@/http/wire';
import { calendarDay } from './calendar-day';
import { priceRange } from './pricing';
import { selectSessionsOf, type SessionRow } from './repo';
import { groupsOnSale, loadScope, typesOf, type AvailabilityScope } from './scope';
import { splitFilters, type AvailabilityRequest } from './request';
import type { SelectionLine } from './selection-fit';
import { hasSelection, quotedTypes, selectedQuantities, sessionFit } from './session-view';

/**
 * GET and POST events/{id}/calendar (shopping §7): one row per day with sessions from today to
 * the start of the month one year ahead (`start_datetime._lt` may narrow it, `_gte` raise it);
 * past sessions never count. Without `_format` the answer is one plain map date → status.
 */

export type CalendarFormat = 'plain' | 'extended' | 'price';

function calendarFormat(raw: string | undefined): CalendarFormat {
  if (raw === undefined) return 'plain';
  if (raw === 'extended' || raw === 'price') return raw;
  throw new AppError('validation_failed', 'event_calendar', '_format: must be extended or price', {
    field: '_format',
    value: raw.slice(0, 100),
  });
}

/** spec: shopping §5/§8 — more than 10 ticket types is refused with the calendar's context. */
function checkTypeCount(selection: SelectionLine[]) {
  const distinct = new Set(selection.map((l) => l.ticket_type_id));
  if (distinct.size > MAX_CALENDAR_TICKET_TYPES) {
    throw new AppError(
      'validation_failed',
      'event_calendar',
      'You can only select up to 10 different types of tickets.',
      { field: 'ticket_types_required', max: MAX_CALENDAR_TICKET_TYPES },
    );
  }
}

/** spec: shopping §9 — the calendar horizon: the start of the month one year ahead, venue time. */
export function calendarHorizon(now: Date, timeZone: string): Date {
  const [y, m] = localDate(now, timeZone).split('-').map(Number) as [number, number];
  return zonedWallTimeToUtc(`${y + 1}-${String(m).padStart(2, '0')}-01`, '00:00', timeZone);
}

function byLocalDate(sessions: SessionRow[], timeZone: string): Map<string, SessionRow[]> {
  const days = new Map<string, SessionRow[]>();
  for (const session of sessions) {
    const date = localDate(session.startDatetime, timeZone);
    days.set(date, [...(days.get(date) ?? []), session]);
  }
  return days;
}

function selectionTotal(scope: AvailabilityScope, selection: SelectionLine[]): number | null {
  if (!hasSelection(selection)) return null;
  return selection.reduce(
    (sum, l) => sum + (scope.typeById.get(l.ticket_type_id)?.amount ?? 0) * l.quantity,
    0,
  );
}

export async function eventCalendar(
  db: Db,
  request: AvailabilityRequest,
  eventId: string,
  selection: SelectionLine[] = [],
) {
  const format = calendarFormat(request.query.options._format);
  checkTypeCount(selection);
  const { groupFilters, sessionFilters } = splitFilters(request.query);
  const scope = await loadScope(db, { ...request, groupFilters }, eventId);
  const { now } = request;
  // the client sends the horizon itself for non-single events only (shopping §7)
  const horizon = scope.event.eventType === 'single' ? null : calendarHorizon(now, scope.timezone);
  const sessions = await selectSessionsOf(
    db,
    scope.event.id,
    allOf([
      sql`${eventSession.startDatetime} > ${now.toISOString()}::timestamptz`,
      horizon
        ? sql`${eventSession.startDatetime} < ${horizon.toISOString()}::timestamptz`
        : undefined,
      ...filterConditions(sessionFilters),
    ]),
  );
  const onSale = groupsOnSale(scope, now);
  const ctx = { scope, onSale, onSaleTypes: typesOf(scope, onSale), selection, now };
  const range = priceRange(quotedTypes(ctx));
  const total = selectionTotal(scope, selection);
  const chosen = hasSelection(selection) ? selectedQuantities(scope, selection) : null;

  const days: CalendarDay[] = [];
  for (const [date, daySessions] of byLocalDate(sessions, scope.timezone)) {
    const sessionMinutes = daySessions.map((s) =>
      minutesOfDay(localTime(s.startDatetime, scope.timezone)),
    );
    days.push(
      calendarDay({
        date,
        sessions: daySessions,
        fits: daySessions.map((s) => sessionFit(ctx, s)),
        range,
        selectionTotal: total,
        annotations: messagesFor(scope.rules, 'date_annotation', { date, sessionMinutes }, chosen),
        currency: request.seller.currency,
      }),
    );
  }
  if (format === 'plain') {
    const map = Object.fromEntries(days.map((d) => [d.date, d.status]));
    return { format, body: resourceBody('calendar', { data: [map], total: 1 }) };
  }
  return { format, body: resourceBody('calendar', { data: days, total: days.length }) };
}
