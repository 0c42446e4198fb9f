import { asc, eq } from 'drizzle-orm';
import { toCollection } from '@admit/contracts/envelope';
import type { OfficeEventsResponse } from '@admit/contracts/office-orders';
import type { Db } from '@/db/connection';
import { eventTemplate } from '@/db/schema/catalog';

/**
 * The office's list of the seller's events (decision 0095), for the order search's event
 * picker. Unlike the public listing it keeps every visibility: a members-only or link-only
 * event has orders too.
 */
export async function officeEvents(db: Db, sellerId: string): Promise<OfficeEventsResponse> {
  const rows = await db
    .select({
      id: eventTemplate.id,
      name: eventTemplate.name,
      eventType: eventTemplate.eventType,
      hiddenType: eventTemplate.hiddenType,
    })
    .from(eventTemplate)
    .where(eq(eventTemplate.sellerId, sellerId))
    .orderBy(asc(eventTemplate.name), asc(eventTemplate.id));
  return {
    event_template: toCollection(
      rows.map((row) => ({
        id: row.id,
        name: row.name,
        event_type: row.eventType,
        hidden_type: row.hiddenType,
      })),
    ),
  };
}
