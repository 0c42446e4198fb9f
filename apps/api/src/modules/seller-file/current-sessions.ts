import { and, eq, gte, inArray, isNotNull } from 'drizzle-orm';
import { eventTemplate, venue, type catalogKey } from '@/db/schema/catalog';
import { eventSession } from '@/db/schema/sessions';
import type { seller } from '@/db/schema/identity';
import type { Executor } from '@/db/transaction';
import { localDate, localTime, zonedWallTimeToUtc } from '@/lib/zoned-time';
import { readSessionPrices } from './file-session-prices';
import type { AnyRow, Row } from './rows';

/**
 * Reads a seller's sessions into the current state (current.ts) through `put`: one-off ones by
 * key; a rule's from the venue's today on, by rule and start (earlier ones are history the file
 * no longer lays out); each with its own prices as its value `prices` (decision 0043).
 */
export async function readCurrentSessions(
  db: Executor,
  {
    seller: sellerRow,
    keyRows,
    now,
    put,
  }: {
    seller: typeof seller.$inferSelect;
    keyRows: (typeof catalogKey.$inferSelect)[];
    now: Date;
    put: (
      table: 'event_session',
      identity: string,
      row: AnyRow,
      label: string,
      group?: string,
    ) => Row;
  },
): Promise<void> {
  const sellerId = sellerRow.id;
  const keyOf = new Map(keyRows.map((k) => [`${k.kind}:${k.resourceId}`, k.key]));
  const read = new Map<string, Row>();
  const oneOff = keyRows.filter((k) => k.kind === 'event_session');
  if (oneOff.length > 0) {
    const sessions = await db
      .select()
      .from(eventSession)
      .where(
        inArray(
          eventSession.id,
          oneOff.map((k) => k.resourceId),
        ),
      );
    for (const s of sessions) {
      const key = keyOf.get(`event_session:${s.id}`)!;
      read.set(key, put('event_session', key, s as AnyRow, `session ${key}`));
    }
  }
  const zones = await db
    .select({ eventId: eventTemplate.id, timezone: venue.timezone })
    .from(eventTemplate)
    .innerJoin(venue, eq(venue.id, eventTemplate.venueId))
    .where(eq(eventTemplate.sellerId, sellerId));
  const zoneOf = new Map(zones.map((z) => [z.eventId, z.timezone]));
  const earliest = new Date(now.getTime() - 2 * 86_400_000);
  const generated = await db
    .select()
    .from(eventSession)
    .where(
      and(
        eq(eventSession.sellerId, sellerId),
        isNotNull(eventSession.sessionRuleId),
        gte(eventSession.startDatetime, earliest),
      ),
    );
  const startOfToday = new Map<string, Date>();
  for (const s of generated) {
    const zone = zoneOf.get(s.eventTemplateId) ?? sellerRow.timezone;
    if (!startOfToday.has(zone)) {
      startOfToday.set(zone, zonedWallTimeToUtc(localDate(now, zone), '00:00', zone));
    }
    if (s.startDatetime < startOfToday.get(zone)!) continue;
    const rule = keyOf.get(`session_rule:${s.sessionRuleId}`) ?? String(s.sessionRuleId);
    const identityKey = `${s.sessionRuleId}@${s.startDatetime.toISOString()}`;
    const row = put('event_session', identityKey, s as AnyRow, '', rule);
    read.set(identityKey, row);
    // formatted only when shown (a refusal): thousands of sessions are read on each import
    Object.defineProperty(row, 'label', {
      get: () =>
        `session ${rule} ${localDate(s.startDatetime, zone)} ${localTime(s.startDatetime, zone)}`,
      enumerable: true,
    });
  }
  // compared like a column, so a changed price is an update of its session
  const prices = await readSessionPrices(db, sellerId);
  for (const row of read.values()) row.values.prices = prices.get(row.id) ?? {};
}

/** Sessions of events about to be deleted that the file does not list (made by orders, say). */
export async function sessionsOfEvents(db: Executor, eventIds: string[]): Promise<AnyRow[]> {
  if (eventIds.length === 0) return [];
  return (await db
    .select()
    .from(eventSession)
    .where(inArray(eventSession.eventTemplateId, eventIds))) as AnyRow[];
}
