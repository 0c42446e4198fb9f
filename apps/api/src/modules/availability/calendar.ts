import type { CalendarDay } from '@admit/contracts/availability';
import { MAX_CALENDAR_TICKET_TYPES, UNLIMITED_CAPACITY } from '@admit/contracts/constants';
import { messagesFor } from '@admit/contracts/rules/message-rules';
import { findDisplayedType } from '@admit/contracts/rules/price-display';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/connection';
import { eventSession } from '@/db/schema/sessions';
import { localDate, zonedWallTimeToUtc } from '@/lib/zoned-time';
import { AppError } from '@/http/app-error';
import { allOf, filterConditions } from '@/http/query-sql';
import { resourceBody } from '@/http/wire';
import { calendarDay } from './calendar-day';
import { priceRange, type TypePrices } from './pricing';
import {
  selectDatedSessions,
  selectDaySessionPrices,
  selectSessionDays,
  type TypeRow,
} from './repo';
import { sessionFitSql } from './session-fit-sql';
import { groupsOnSale, loadScope, salesNotYetOpen, typesOf, type AvailabilityScope } from './scope';
import { splitFilters, type AvailabilityRequest } from './request';
import type { Fit, SelectionLine } from './selection-fit';
import {
  hasSelection,
  quotedTypes,
  selectedFit,
  selectedQuantities,
  type SessionContext,
} from './session-view';

/**
 * GET and POST events/{id}/calendar (shopping §7): one row per day with sessions from today to
 * the start of the month one year ahead (`start_datetime._lt` may narrow it, `_gte` raise it);
 * past sessions never count. Without `_format` the answer is the plain map date → status
 * (`unreleased` before sales open), outside the collection envelope, as existing clients read it.
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

/** The states present among a day's sessions (judged in SQL) — what the day's status reads. */
function fitsOfDay(day: { anyAvailable: boolean; anySoldOut: boolean }): Fit[] {
  if (day.anyAvailable) return ['available'];
  return day.anySoldOut ? ['sold_out'] : ['unavailable'];
}

/** With a selection each session is judged here against the posted quantities, by local date. */
async function selectionFitsByDate(db: Db, ctx: SessionContext, where: SQL) {
  const byDate = new Map<string, Fit[]>();
  for (const { date, session } of await selectDatedSessions(
    db,
    ctx.scope.event.id,
    where,
    ctx.scope.timezone,
  )) {
    byDate.set(date, [...(byDate.get(date) ?? []), selectedFit(ctx, session)]);
  }
  return byDate;
}

/**
 * A day's prices of each type (decision 0043): the type's amount at the sessions without a price
 * of their own, and their own prices at the others (`priced`: the grouped session_price read).
 */
function dayPrices(
  priced: Map<string, { min: number; max: number; sessions: number }> | undefined,
  daySessions: number,
): TypePrices {
  return (type) => {
    const own = priced?.get(type.id);
    if (!own) return { min: type.amount, max: type.amount };
    const someAtAmount = own.sessions < daySessions;
    return {
      min: someAtAmount ? Math.min(own.min, type.amount) : own.min,
      max: someAtAmount ? Math.max(own.max, type.amount) : own.max,
    };
  };
}

/** The selection's total at the day's lowest prices ("from" when a session there costs more). */
function selectionTotal(
  scope: AvailabilityScope,
  selection: SelectionLine[],
  pricesOf: TypePrices,
): { total: number; varies: boolean } | null {
  if (!hasSelection(selection)) return null;
  let total = 0;
  let varies = false;
  for (const line of selection) {
    const type = scope.typeById.get(line.ticket_type_id);
    if (!type || line.quantity <= 0) continue;
    const { min, max } = pricesOf(type);
    total += min * line.quantity;
    varies ||= min !== max;
  }
  return { total, varies };
}

/** The session prices of the quoted types per day and type, when there are any. */
async function daySessionPrices(db: Db, ctx: SessionContext, where: SQL) {
  const typeIds = quotedTypes(ctx)
    .filter((t) => ctx.scope.sessionPricedTypeIds.has(t.id))
    .map((t) => t.id);
  const byDate = new Map<string, Map<string, { min: number; max: number; sessions: number }>>();
  if (typeIds.length === 0) return byDate;
  const rows = await selectDaySessionPrices(db, ctx.scope.event.id, {
    where,
    timeZone: ctx.scope.timezone,
    typeIds,
  });
  for (const row of rows) {
    const day = byDate.get(row.date) ?? new Map();
    day.set(row.ticketTypeId, { min: row.min, max: row.max, sessions: row.sessions });
    byDate.set(row.date, day);
  }
  return byDate;
}

/**
 * The types a day's price quotes, and its prefix: without a posted selection, the event's
 * `web.price_display` primary type with its prefix when it names one on sale (shopping §3;
 * decision 0063: "Adults $25.00"), else every quoted type and the default prefix (undefined).
 */
function displayedQuote(ctx: SessionContext): { types: TypeRow[]; prefix?: string | null } {
  const types = quotedTypes(ctx);
  const display = ctx.scope.priceDisplay;
  if (hasSelection(ctx.selection)) return { types };
  const primary = findDisplayedType(types, display.primary_ticket_type);
  return primary ? { types: [primary], prefix: display.primary_prefix ?? null } : { types };
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
  const onSale = groupsOnSale(scope, now);
  const ctx = { scope, onSale, onSaleTypes: typesOf(scope, onSale), selection, now };
  const where = allOf([
    sql`${eventSession.startDatetime} > ${now.toISOString()}::timestamptz`,
    horizon
      ? sql`${eventSession.startDatetime} < ${horizon.toISOString()}::timestamptz`
      : undefined,
    ...filterConditions(sessionFilters),
  ]);
  const rows = await selectSessionDays(db, scope.event.id, {
    fit: sessionFitSql(ctx),
    where,
    timeZone: scope.timezone,
    withMinutes: scope.rules.length > 0,
  });
  const selectedFits = hasSelection(selection)
    ? await selectionFitsByDate(db, ctx, where)
    : undefined;
  const pricedDays = await daySessionPrices(db, ctx, where);
  const chosen = hasSelection(selection) ? selectedQuantities(scope, selection) : null;
  const quoted = displayedQuote(ctx);

  const days: CalendarDay[] = rows.map((row) => {
    const pricesOf = dayPrices(pricedDays.get(row.date), row.sessions);
    return calendarDay({
      date: row.date,
      fits: selectedFits?.get(row.date) ?? fitsOfDay(row),
      availability: {
        capacity: row.unlimited ? UNLIMITED_CAPACITY : row.capacity,
        used_capacity: row.usedCapacity,
      },
      range: priceRange(quoted.types, pricesOf),
      prefix: quoted.prefix,
      selection: selectionTotal(scope, selection, pricesOf),
      annotations: messagesFor(
        scope.rules,
        'date_annotation',
        { date: row.date, sessionMinutes: row.minutes },
        chosen,
      ),
      currency: request.seller.currency,
    });
  });
  if (format === 'plain') {
    // the seed product's plain map, outside the collection envelope, as its clients read it
    const unreleased = salesNotYetOpen(scope, now);
    const map = Object.fromEntries(
      days.map((d) => [d.date, unreleased && d.status === 'unavailable' ? 'unreleased' : d.status]),
    );
    return { format, body: { calendar: map } };
  }
  return { format, body: resourceBody('calendar', { data: days, total: days.length }) };
}
