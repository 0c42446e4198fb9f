import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db/connection';
import {
  eventSession,
  eventTemplate,
  meta,
  ticketGroup,
  type ticketType,
  venue,
} from '@/db/schema/catalog';
import { seller } from '@/db/schema/identity';

import { selectTicketGroups, selectTicketTypes } from '@/modules/catalog/repo';

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

/** The ticket types of those groups, in the catalogue's order. */
export const selectTypesOf = selectTicketTypes;

/** The event's sessions matching `where`, ordered by `order` (start time by default). */
export async function selectSessionsOf(db: Db, eventId: string, where: SQL, order: SQL[] = []) {
  return db
    .select()
    .from(eventSession)
    .where(and(eq(eventSession.eventTemplateId, eventId), where))
    .orderBy(...order, asc(eventSession.startDatetime), asc(eventSession.id));
}

export async function selectSession(db: Db, eventId: string, sessionId: string) {
  const [row] = await selectSessionsOf(db, eventId, eq(eventSession.id, sessionId));
  return row ?? null;
}

export async function selectEventMeta(db: Db, sellerId: string, eventId: string, keys: string[]) {
  return db
    .select()
    .from(meta)
    .where(
      and(
        eq(meta.sellerId, sellerId),
        eq(meta.resource, 'event_template'),
        eq(meta.resourceId, eventId),
        keys.length > 0 ? inArray(meta.key, keys) : sql`true`,
      ),
    );
}
