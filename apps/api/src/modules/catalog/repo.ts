import { and, asc, eq, inArray, not, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/connection';
import {
  configRow,
  eventTemplate,
  type meta,
  ticketGroup,
  ticketType,
  venue,
} from '@/db/schema/catalog';
import { eventSession } from '@/db/schema/sessions';
import { hasSessionPricesSql, lowestSessionPriceSql } from '@/modules/pricing/session-prices';
import { sessionlessGroup, sessionOnSale } from './conditions';

/** The catalogue's SQL. Conditions arrive ready-made (see conditions.ts); values are bound. */

export interface Page {
  where: SQL;
  order: SQL[];
  limit: number;
}

const countOf = sql<number>`cast(count(*) as integer)`;

export async function selectEventTemplates(db: Db, page: Page) {
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(eventTemplate)
      .where(page.where)
      .orderBy(...page.order)
      .limit(page.limit),
    db.select({ total: countOf }).from(eventTemplate).where(page.where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

export async function selectConfigRows(db: Db, page: Page) {
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(configRow)
      .where(page.where)
      .orderBy(...page.order)
      .limit(page.limit),
    db.select({ total: countOf }).from(configRow).where(page.where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

export async function selectVenues(db: Db, sellerId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(venue)
    .where(and(eq(venue.sellerId, sellerId), inArray(venue.id, ids)))
    .orderBy(asc(venue.name), asc(venue.id));
}

/** Meta or config rows owned by any of the given resources. */
export async function selectOwnedRows(
  db: Db,
  table: typeof meta | typeof configRow,
  sellerId: string,
  owners: { resource: string; ids: string[] }[],
) {
  const wanted = owners
    .filter((o) => o.ids.length > 0)
    .map((o) => and(eq(table.resource, o.resource), inArray(table.resourceId, o.ids)));
  if (wanted.length === 0) return [];
  return db
    .select()
    .from(table)
    .where(and(eq(table.sellerId, sellerId), or(...wanted)))
    .orderBy(asc(table.resource), asc(table.resourceId), asc(table.key));
}

export async function selectTicketGroups(db: Db, where: SQL) {
  return db
    .select()
    .from(ticketGroup)
    .where(where)
    .orderBy(asc(ticketGroup.rank), asc(ticketGroup.name), asc(ticketGroup.id));
}

export async function selectTicketTypes(db: Db, groupIds: string[]) {
  if (groupIds.length === 0) return [];
  return db
    .select()
    .from(ticketType)
    .where(inArray(ticketType.ticketGroupId, groupIds))
    .orderBy(asc(ticketType.rank), asc(ticketType.name), asc(ticketType.id));
}

export async function selectSessions(db: Db, where: SQL) {
  return db
    .select()
    .from(eventSession)
    .where(where)
    .orderBy(asc(eventSession.startDatetime), asc(eventSession.id));
}

/**
 * The lowest price of each ticket type of these groups that has prices of its own at some session
 * (decision 0043) and is sold at a session: among the sessions in `sessions` on sale, else among
 * those in `sessions` (an event sold out everywhere still quotes a price). One statement for
 * every type of the page; a type not answered sells at its own amount.
 */
export async function selectLowestSessionPrices(db: Db, groupIds: string[], sessions: SQL) {
  if (groupIds.length === 0) return [];
  const type = {
    id: ticketType.id,
    amount: ticketType.amount,
    eventTemplateId: ticketGroup.eventTemplateId,
  };
  return db
    .select({
      id: ticketType.id,
      lowest: sql<number | null>`coalesce(${lowestSessionPriceSql(
        type,
        and(sessions, sessionOnSale)!,
      )}, ${lowestSessionPriceSql(type, sessions)})`,
    })
    .from(ticketType)
    .innerJoin(ticketGroup, eq(ticketGroup.id, ticketType.ticketGroupId))
    .where(
      and(
        inArray(ticketType.ticketGroupId, groupIds),
        hasSessionPricesSql(ticketType.id),
        not(sessionlessGroup),
      ),
    );
}
