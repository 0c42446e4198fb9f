import type { PriceSchedule, SessionsResponse } from '@admit/contracts/availability';
import { minorToDecimal } from '@admit/contracts/money';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/connection';
import { eventSession } from '@/db/schema/catalog';
import { addDays, zonedWallTimeToUtc } from '@/lib/zoned-time';
import { AppError } from '@/http/app-error';
import { allOf, filterConditions, orderBy } from '@/http/query-sql';
import { parseValue, ValueError } from '@/http/query-values';
import { resourceBody } from '@/http/wire';
import { selectJudgedSessions } from './repo';
import { sessionFitSql } from './session-fit-sql';
import { splitFilters, type AvailabilityRequest } from './request';
import { groupsOnSale, loadScope, typesOf } from './scope';
import type { SelectionLine } from './selection-fit';
import {
  hasSelection,
  quotedTypes,
  selectedFit,
  toPricedSession,
  type SessionContext,
} from './session-view';

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

interface PageQuery {
  where: SQL;
  order: SQL[];
  /** keep sessions that are not available (flagged) */
  keepAll: boolean;
  limit: number;
}

/** Without a selection: judged, filtered, counted and cut in SQL (session-fit-sql.ts). */
async function judgedPage(db: Db, ctx: SessionContext, query: PageQuery) {
  const fit = sessionFitSql(ctx);
  const { rows, total } = await selectJudgedSessions(db, ctx.scope.event.id, {
    fit,
    where: allOf([query.where, query.keepAll ? undefined : sql`${fit} = 'available'`]),
    order: query.order,
    limit: query.limit,
  });
  return { page: rows.map((r) => toPricedSession(ctx, r.session, r.fit)), total };
}

/** With a selection: every matching session judged here against the posted quantities. */
async function selectionPage(db: Db, ctx: SessionContext, query: PageQuery) {
  const { rows } = await selectJudgedSessions(db, ctx.scope.event.id, {
    fit: sessionFitSql(ctx),
    where: query.where,
    order: query.order,
  });
  const priced = rows
    .map((r) => toPricedSession(ctx, r.session, selectedFit(ctx, r.session)))
    .filter((session) => query.keepAll || session.available);
  return { page: priced.slice(0, query.limit), total: priced.length };
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
  const onSale = groupsOnSale(scope, now);
  const ctx = {
    scope,
    onSale,
    onSaleTypes: typesOf(scope, onSale),
    selection: selection ?? [],
    now,
  };
  const where = allOf([
    sql`${eventSession.startDatetime} > ${now.toISOString()}::timestamptz`,
    day ? sql`${eventSession.startDatetime} >= ${day.from.toISOString()}::timestamptz` : undefined,
    day ? sql`${eventSession.startDatetime} < ${day.to.toISOString()}::timestamptz` : undefined,
    ...filterConditions(sessionFilters),
  ]);
  const order = orderBy(query.sort, sql`${eventSession.id}`);
  const { page, total } = hasSelection(ctx.selection)
    ? await selectionPage(db, ctx, { where, order, keepAll, limit: query.limit })
    : await judgedPage(db, ctx, { where, order, keepAll, limit: query.limit });
  const types = hasSelection(ctx.selection) ? quotedTypes(ctx) : ctx.onSaleTypes;
  const schedule: PriceSchedule[] = page.flatMap((session) =>
    types.map((type) => ({
      id: `${session.id}:${type.id}`,
      event_session_id: session.id,
      ticket_type_id: type.id,
      currency_amount: minorToDecimal(type.amount),
    })),
  );
  return resourceBody('event_session', { data: page, total }, { price_schedule: schedule });
}
