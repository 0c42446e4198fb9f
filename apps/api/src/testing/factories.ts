import { randomBytes } from 'node:crypto';
import type { Db } from '@/db/connection';
import {
  configRow,
  eventTemplate,
  meta,
  ticketGroup,
  ticketType,
  venue,
} from '@/db/schema/catalog';
import { eventSession, sessionPrice } from '@/db/schema/sessions';
import { identity, seller } from '@/db/schema/identity';

/**
 * Factories with overrides: each inserts one row through drizzle with sensible defaults and
 * returns it. `makeSession(db, event, { capacity: 3 })` beats a 200-line fixture.
 */

type Insert<T extends { $inferInsert: unknown }> = Partial<T['$inferInsert']>;

const unique = () => randomBytes(4).toString('hex');

async function insertOne<T>(rows: Promise<T[]>): Promise<T> {
  const [row] = await rows;
  if (!row) throw new Error('factory insert returned no row');
  return row;
}

export type SellerRow = typeof seller.$inferSelect;
export type VenueRow = typeof venue.$inferSelect;
export type EventRow = typeof eventTemplate.$inferSelect;
export type TicketGroupRow = typeof ticketGroup.$inferSelect;
export type TicketTypeRow = typeof ticketType.$inferSelect;
export type SessionRow = typeof eventSession.$inferSelect;

export function makeSeller(db: Db, overrides: Insert<typeof seller> = {}) {
  const slug = overrides.slug ?? `seller-${unique()}`;
  return insertOne(
    db
      .insert(seller)
      .values({
        slug,
        name: `Seller ${slug}`,
        currency: 'USD',
        timezone: 'America/New_York',
        ...overrides,
      })
      .returning(),
  );
}

export function makeIdentity(db: Db, owner: SellerRow, overrides: Insert<typeof identity> = {}) {
  return insertOne(
    db
      .insert(identity)
      .values({ sellerId: owner.id, kind: 'user', email: `${unique()}@example.test`, ...overrides })
      .returning(),
  );
}

export function makeVenue(db: Db, owner: SellerRow, overrides: Insert<typeof venue> = {}) {
  return insertOne(
    db
      .insert(venue)
      .values({
        sellerId: owner.id,
        name: `Venue ${unique()}`,
        timezone: owner.timezone,
        ...overrides,
      })
      .returning(),
  );
}

export function makeEvent(db: Db, owner: SellerRow, overrides: Insert<typeof eventTemplate> = {}) {
  return insertOne(
    db
      .insert(eventTemplate)
      .values({
        sellerId: owner.id,
        name: `Event ${unique()}`,
        eventType: 'repeating',
        ...overrides,
      })
      .returning(),
  );
}

export function makeTicketGroup(
  db: Db,
  event: EventRow,
  overrides: Insert<typeof ticketGroup> = {},
) {
  return insertOne(
    db
      .insert(ticketGroup)
      .values({
        sellerId: event.sellerId,
        eventTemplateId: event.id,
        name: `Group ${unique()}`,
        ...overrides,
      })
      .returning(),
  );
}

export function makeTicketType(
  db: Db,
  group: TicketGroupRow,
  overrides: Insert<typeof ticketType> = {},
) {
  return insertOne(
    db
      .insert(ticketType)
      .values({
        sellerId: group.sellerId,
        ticketGroupId: group.id,
        name: `Type ${unique()}`,
        amount: 2500,
        ...overrides,
      })
      .returning(),
  );
}

/** A session of one hour starting at `startDatetime` (default: 2030-01-01 15:00 UTC). */
export function makeSession(db: Db, event: EventRow, overrides: Insert<typeof eventSession> = {}) {
  const start = overrides.startDatetime ?? new Date('2030-01-01T15:00:00Z');
  return insertOne(
    db
      .insert(eventSession)
      .values({
        sellerId: event.sellerId,
        eventTemplateId: event.id,
        startDatetime: start,
        endDatetime: new Date(start.getTime() + 60 * 60_000),
        ...overrides,
      })
      .returning(),
  );
}

/** A session's own price of a ticket type (decision 0043), in minor units. */
export async function makeSessionPrice(
  db: Db,
  session: SessionRow,
  type: TicketTypeRow,
  amount: number,
) {
  await db
    .insert(sessionPrice)
    .values({ eventSessionId: session.id, ticketTypeId: type.id, amount });
}

export function makeMeta(
  db: Db,
  owner: { id: string; sellerId: string },
  resource: string,
  key: string,
  value: unknown,
) {
  return insertOne(
    db
      .insert(meta)
      .values({ sellerId: owner.sellerId, resource, resourceId: owner.id, key, value })
      .returning(),
  );
}

export function makeConfig(
  db: Db,
  owner: { id: string; sellerId: string },
  resource: string,
  key: string,
  value: unknown,
) {
  return insertOne(
    db
      .insert(configRow)
      .values({ sellerId: owner.sellerId, resource, resourceId: owner.id, key, value })
      .returning(),
  );
}
