import { UNLIMITED_CAPACITY } from '@admit/contracts/constants';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/connection';
import {
  type configRow,
  eventTemplate,
  meta,
  ticketGroup,
  ticketType,
  venue,
} from '@/db/schema/catalog';
import { eventSession, sessionPrice } from '@/db/schema/sessions';
import { seller } from '@/db/schema/identity';

import { selectTicketGroups } from '@/modules/catalog/repo';
import {
  hasSessionPricesSql,
  sessionPricesSql,
  toSessionPriceMap,
} from '@/modules/pricing/session-prices';
import type { Fit } from './selection-fit';

/** The availability reads' SQL. Conditions arrive ready-made; values are bound. */

export type EventRow = typeof eventTemplate.$inferSelect;
export type VenueRow = typeof venue.$inferSelect;
export type GroupRow = typeof ticketGroup.$inferSelect;
export type TypeRow = typeof ticketType.$inferSelect;
export type SessionRow = typeof eventSession.$inferSelect;
export type MetaRow = typeof meta.$inferSelect;

/** The seller's event with its venue and the zone its dates are read in (venue, else seller). */
export async function selectEventWithZone(db: Db, sellerId: string, eventId: string) {
  const [row] = await db
    .select({ event: eventTemplate, venue, sellerZone: seller.timezone })
    .from(eventTemplate)
    .innerJoin(seller, eq(seller.id, eventTemplate.sellerId))
    .leftJoin(venue, eq(venue.id, eventTemplate.venueId))
    .where(and(eq(eventTemplate.sellerId, sellerId), eq(eventTemplate.id, eventId)))
    .limit(1);
  if (!row) return null;
  return { event: row.event, venue: row.venue, timezone: row.venue?.timezone ?? row.sellerZone };
}

/** The event's ticket groups matching `where`, in the catalogue's order. */
export async function selectGroupsOf(db: Db, eventId: string, where: SQL) {
  return selectTicketGroups(db, and(eq(ticketGroup.eventTemplateId, eventId), where)!);
}

/**
 * Every ticket type of the event's groups, in the catalogue's order (as `selectTicketTypes`),
 * each with whether some session has a price of its own for it (decision 0043).
 */
export async function selectTypesOfEvent(db: Db, eventId: string) {
  return db
    .select({ type: ticketType, sessionPriced: hasSessionPricesSql(ticketType.id) })
    .from(ticketType)
    .innerJoin(ticketGroup, eq(ticketGroup.id, ticketType.ticketGroupId))
    .where(eq(ticketGroup.eventTemplateId, eventId))
    .orderBy(asc(ticketType.rank), asc(ticketType.name), asc(ticketType.id));
}

/**
 * The event's sessions matching `where`, each with its state (`fit`, session-fit-sql.ts), sorted
 * and cut to `limit` (when given) in SQL; `total` counts the matching sessions before the cut. With the
 * (event, start) index a day's read touches that day's rows only, however many sessions exist.
 */
export async function selectJudgedSessions(
  db: Db,
  eventId: string,
  query: {
    fit: SQL<Fit>;
    where: SQL;
    order?: SQL[];
    limit?: number;
    /** read each session's own prices (only when the event has some: decision 0043) */
    withPrices?: boolean;
  },
) {
  const all = db
    .select({
      session: eventSession,
      fit: sql<Fit>`${query.fit}`,
      prices: query.withPrices ? sessionPricesSql(eventSession.id) : sql<unknown>`null`,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(eventSession)
    .where(and(eq(eventSession.eventTemplateId, eventId), query.where))
    .orderBy(...(query.order ?? []), asc(eventSession.startDatetime), asc(eventSession.id));
  const rows = await (query.limit === undefined ? all : all.limit(query.limit));
  return {
    rows: rows.map((r) => ({ ...r, prices: toSessionPriceMap(r.prices) })),
    total: rows[0]?.total ?? 0,
  };
}

export async function selectSession(
  db: Db,
  eventId: string,
  sessionId: string,
  fit: SQL<Fit>,
  withPrices: boolean,
) {
  const { rows } = await selectJudgedSessions(db, eventId, {
    fit,
    where: eq(eventSession.id, sessionId),
    withPrices,
  });
  return rows[0] ?? null;
}

/** The venue-local date of a session's start, "YYYY-MM-DD" (Intl and PostgreSQL share tzdata). */
const localDateSql = (timeZone: string) =>
  sql<string>`to_char(${eventSession.startDatetime} at time zone ${timeZone}, 'YYYY-MM-DD')`;

/**
 * One row per venue-local day with matching sessions, in date order: whether one session is
 * available or sold out (`fit`), the day's capacity (-1 when a session is unlimited) and use,
 * and, when `withMinutes`, the distinct venue-local start minutes (for time-of-day message
 * rules; an empty list otherwise). Each session's local time is computed once, in a subquery.
 */
export async function selectSessionDays(
  db: Db,
  eventId: string,
  query: { fit: SQL<Fit>; where: SQL; timeZone: string; withMinutes: boolean },
) {
  const s = db
    .select({
      local: sql<string>`${eventSession.startDatetime} at time zone ${query.timeZone}`.as('local'),
      fit: sql<Fit>`${query.fit}`.as('fit'),
      capacity: eventSession.capacity,
      usedCapacity: eventSession.usedCapacity,
    })
    .from(eventSession)
    .where(and(eq(eventSession.eventTemplateId, eventId), query.where))
    .as('s');
  const minutes = query.withMinutes
    ? sql<number[]>`array_agg(distinct (extract(hour from ${s.local}) * 60
        + extract(minute from ${s.local}))::int)`
    : sql<number[]>`array[]::int[]`;
  // grouped on the date value, formatted once per day: to_char on every session row was a
  // quarter of the calendar's time on PGlite
  const day = sql`(${s.local})::date`;
  return db
    .select({
      date: sql<string>`to_char(${day}, 'YYYY-MM-DD')`,
      anyAvailable: sql<boolean>`bool_or(${s.fit} = 'available')`,
      anySoldOut: sql<boolean>`bool_or(${s.fit} = 'sold_out')`,
      unlimited: sql<boolean>`bool_or(${s.capacity} = ${UNLIMITED_CAPACITY})`,
      capacity: sql<number>`sum(${s.capacity})::int`,
      usedCapacity: sql<number>`sum(${s.usedCapacity})::int`,
      sessions: sql<number>`count(*)::int`,
      minutes,
    })
    .from(s)
    .groupBy(day)
    .orderBy(day);
}

/**
 * The session prices of the matching sessions (decision 0043), per venue-local day and type:
 * the lowest and highest and how many of the day's sessions have one. One grouped read for the
 * whole calendar, made only when a quoted type has session prices.
 */
export async function selectDaySessionPrices(
  db: Db,
  eventId: string,
  query: { where: SQL; timeZone: string; typeIds: string[] },
) {
  if (query.typeIds.length === 0) return [];
  // each row's local date is computed once, in a subquery (a bound zone repeated in the select
  // and the group by would be two parameters PostgreSQL cannot match)
  const p = db
    .select({
      date: localDateSql(query.timeZone).as('date'),
      ticketTypeId: sessionPrice.ticketTypeId,
      amount: sessionPrice.amount,
    })
    .from(sessionPrice)
    .innerJoin(eventSession, eq(eventSession.id, sessionPrice.eventSessionId))
    .where(
      and(
        eq(eventSession.eventTemplateId, eventId),
        inArray(sessionPrice.ticketTypeId, query.typeIds),
        query.where,
      ),
    )
    .as('p');
  return db
    .select({
      date: p.date,
      ticketTypeId: p.ticketTypeId,
      min: sql<number>`min(${p.amount})::int`,
      max: sql<number>`max(${p.amount})::int`,
      sessions: sql<number>`count(*)::int`,
    })
    .from(p)
    .groupBy(p.date, p.ticketTypeId);
}

/** The event's sessions matching `where` with their venue-local date, in start order. */
export async function selectDatedSessions(db: Db, eventId: string, where: SQL, timeZone: string) {
  return db
    .select({ session: eventSession, date: localDateSql(timeZone) })
    .from(eventSession)
    .where(and(eq(eventSession.eventTemplateId, eventId), where))
    .orderBy(asc(eventSession.startDatetime), asc(eventSession.id));
}

/** An event's meta rows with these keys (all without keys); `table: configRow` for its config. */
export async function selectEventMeta(
  db: Db,
  sellerId: string,
  eventId: string,
  keys: string[],
  table: typeof meta | typeof configRow = meta,
) {
  return db
    .select({ key: table.key, value: table.value })
    .from(table)
    .where(
      and(
        eq(table.sellerId, sellerId),
        eq(table.resource, 'event_template'),
        eq(table.resourceId, eventId),
        keys.length > 0 ? inArray(table.key, keys) : sql`true`,
      ),
    );
}
