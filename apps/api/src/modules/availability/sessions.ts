import type { PriceSchedule, SessionsResponse } from '@admit/contracts/availability';
import { minorToDecimal } from '@admit/contracts/money';
import { sql } from 'drizzle-orm';
import type { Db } from '@/db/connection';
import { eventSession } from '@/db/schema/catalog';
import { addDays, zonedWallTimeToUtc } from '@/lib/zoned-time';
import { AppError } from '@/http/app-error';
import { allOf, filterConditions, orderBy } from '@/http/query-sql';
import { parseValue, ValueError } from '@/http/query-values';
import { resourceBody } from '@/http/wire';
import { selectSessionsOf } from './repo';
import { splitFilters, type AvailabilityRequest } from './request';
import { groupsOnSale, loadScope, typesOf } from './scope';
import type { SelectionLine } from './selection-fit';
import { hasSelection, quotedTypes, toPricedSession } from './session-view';

/**
 * GET and POST events/{id}/sessions (shopping §7). Future sessions only, narrowed by
 * `start_datetime._gte/_lt`, `_ondate` (a venue-local day), `sold_out` and `ticket_group_id._in`
 * (which groups price and judge them), sorted by `_sort`, cut to `_limit` after judging.
 *
 * Sold-out rule: GET lists sold-out and otherwise unavailable sessions too (flagged
 * `available: false`) unless `sold_out=F` (drops sessions sold out by flag or capacity) or
 * `_include_sold_out=false` (drops every session that is not available). POST keeps only the
 * sessions where the posted quantities fit, unless `_include_sold_out=true`.
 */

function includeSoldOut(raw: string | undefined, fallback: boolean): boolean {
  if (raw === undefined) return fallback;
  try {
    return parseValue('bool', raw) as boolean;
  } catch (err) {
    if (!(err instanceof ValueError)) throw err;
    throw new AppError('validation_failed', 'event_sessions', `_include_sold_out: ${err.message}`, {
      field: '_include_sold_out',
    });
  }
}

/** The instants bounding a venue-local day. */
function dayBounds(date: string, timeZone: string) {
  return {
    from: zonedWallTimeToUtc(date, '00:00', timeZone),
    to: zonedWallTimeToUtc(addDays(date, 1), '00:00', timeZone),
  };
}

export async function eventSessions(
  db: Db,
  request: AvailabilityRequest,
  eventId: string,
  selection: SelectionLine[] | null,
): Promise<SessionsResponse> {
  const { query, now } = request;
  const keepAll = includeSoldOut(query.options._include_sold_out, selection === null);
  const { groupFilters, sessionFilters } = splitFilters(query);
  const scope = await loadScope(db, { ...request, groupFilters }, eventId);
  const day = query.ondate ? dayBounds(query.ondate, scope.timezone) : null;
  const rows = await selectSessionsOf(
    db,
    scope.event.id,
    allOf([
      sql`${eventSession.startDatetime} > ${now.toISOString()}::timestamptz`,
      day
        ? sql`${eventSession.startDatetime} >= ${day.from.toISOString()}::timestamptz`
        : undefined,
      day ? sql`${eventSession.startDatetime} < ${day.to.toISOString()}::timestamptz` : undefined,
      ...filterConditions(sessionFilters),
    ]),
    orderBy(query.sort, sql`${eventSession.id}`),
  );
  const onSale = groupsOnSale(scope, now);
  const ctx = {
    scope,
    onSale,
    onSaleTypes: typesOf(scope, onSale),
    selection: selection ?? [],
    now,
  };
  const priced = rows
    .map((row) => toPricedSession(ctx, row))
    .filter((session) => keepAll || session.available);
  const page = priced.slice(0, query.limit);
  const types = hasSelection(ctx.selection) ? quotedTypes(ctx) : ctx.onSaleTypes;
  const schedule: PriceSchedule[] = page.flatMap((session) =>
    types.map((type) => ({
      id: `${session.id}:${type.id}`,
      event_session_id: session.id,
      ticket_type_id: type.id,
      currency_amount: minorToDecimal(type.amount),
    })),
  );
  return resourceBody(
    'event_session',
    { data: page, total: priced.length },
    { price_schedule: schedule },
  );
}
