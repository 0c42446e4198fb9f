import type { SessionsResponse } from '@admit/contracts/availability';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/connection';
import { eventSession } from '@/db/schema/sessions';
import { addDays, zonedWallTimeToUtc } from '@/lib/zoned-time';
import { AppError } from '@/http/app-error';
import { allOf, filterConditions, orderBy } from '@/http/query-sql';
import { parseValue, ValueError } from '@/http/query-values';
import { resourceBody } from '@/http/wire';
import { selectJudgedSessions } from './repo';
import { sessionFitSql } from './session-fit-sql';
import { splitFilters, type AvailabilityRequest } from './request';
import { anySessionPriced, groupsOnSale, loadScope, typesOf } from './scope';
import type { SelectionLine } from './selection-fit';
import {
  hasSelection,
  priceScheduleOf,
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
  /** read the sessions' own prices (a quoted type has some) */
  withPrices: boolean;
}

/** Without a selection: judged, filtered, counted and cut in SQL (session-fit-sql.ts). */
async function judgedPage(db: Db, ctx: SessionContext, query: PageQuery) {
  const fit = sessionFitSql(ctx);
  const { rows, total } = await selectJudgedSessions(db, ctx.scope.event.id, {
    fit,
    where: allOf([query.where, query.keepAll ? undefined : sql`${fit} = 'available'`]),
    order: query.order,
    limit: query.limit,
    withPrices: query.withPrices,
  });
  return {
    page: rows.map((r) => ({
      session: toPricedSession(ctx, r.session, r.fit, r.prices),
      prices: r.prices,
    })),
    total,
  };
}

/** With a selection: every matching session judged here against the posted quantities. */
async function selectionPage(db: Db, ctx: SessionContext, query: PageQuery) {
  const { rows } = await selectJudgedSessions(db, ctx.scope.event.id, {
    fit: sessionFitSql(ctx),
    where: query.where,
    order: query.order,
    withPrices: query.withPrices,
  });
  const priced = rows
    .map((r) => ({
      session: toPricedSession(ctx, r.session, selectedFit(ctx, r.session), r.prices),
      prices: r.prices,
    }))
    .filter(({ session }) => query.keepAll || session.available);
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
  const types = quotedTypes(ctx);
  const pageQuery = {
    where,
    order,
    keepAll,
    limit: query.limit,
    withPrices: anySessionPriced(scope, types),
  };
  const { page, total } = hasSelection(ctx.selection)
    ? await selectionPage(db, ctx, pageQuery)
    : await judgedPage(db, ctx, pageQuery);
  const schedule = page.flatMap(({ session, prices }) =>
    priceScheduleOf(session.id, types, prices),
  );
  return resourceBody(
    'event_session',
    { data: page.map((p) => p.session), total },
    { price_schedule: schedule },
  );
}
