import { asc, inArray } from 'drizzle-orm';
import type { FileEvent, FileSessionRule } from '@admit/contracts/seller-file/catalogue';
import { eventSession, sessionRule } from '@/db/schema/sessions';
import { localDate, localTime } from '@/lib/zoned-time';
import { inIds, type ExportContext } from './export-context';
import type { ExportedSeats } from './export-seats';
import { compact, lastKey } from './export-values';
import { filePrices, readSessionPrices } from './file-session-prices';

/**
 * Reads the seller's session rules and one-off sessions once; the answer gives an event's
 * `session_rules` and `sessions` (with their own prices, decision 0043). A rule's generated
 * sessions have no key and are not written: the rule makes them again. A one-off session names
 * its seat layout where it differs from the event's, and its capacity where it differs from
 * its layout's seats on sale (the import's default, decision 0052).
 */
export async function readEventSessions(
  ctx: ExportContext,
  seats: ExportedSeats,
): Promise<
  (
    eventId: string,
    zone: string,
    eventLayout: string | undefined,
  ) => Pick<FileEvent, 'session_rules' | 'sessions'>
> {
  const { db, idsOf, path, byKey } = ctx;
  const rules = await inIds(idsOf('session_rule'), (ids) =>
    db.select().from(sessionRule).where(inArray(sessionRule.id, ids)),
  );
  const oneOffs = await inIds(idsOf('event_session'), (ids) =>
    db
      .select()
      .from(eventSession)
      .where(inArray(eventSession.id, ids))
      .orderBy(asc(eventSession.startDatetime)),
  );
  const sessionPrices = oneOffs.length > 0 ? await readSessionPrices(db, ctx.seller.id) : new Map();
  return (eventId, zone, eventLayout) => {
    const eventRules = rules.filter((r) => r.eventTemplateId === eventId);
    const eventSessions = oneOffs.filter((s) => s.eventTemplateId === eventId);
    return {
      session_rules: eventRules.length
        ? byKey('session_rule', eventRules).map(({ item, key }) => ({
            key: lastKey(key),
            ...(item.definition as Omit<FileSessionRule, 'key'>),
          }))
        : undefined,
      sessions: eventSessions.length
        ? eventSessions.map((s) =>
            compact({
              key: lastKey(path('event_session', s.id)!),
              date: localDate(s.startDatetime, zone),
              time: localTime(s.startDatetime, zone),
              duration_minutes: Math.round(
                (s.endDatetime.getTime() - s.startDatetime.getTime()) / 60_000,
              ),
              capacity:
                s.capacity < 0 || s.capacity === seats.sellableOf(s.seatLayoutId)
                  ? undefined
                  : s.capacity,
              closed: s.soldOut || undefined,
              prices: filePrices(sessionPrices.get(s.id) ?? {}, (typeId) =>
                path('ticket_type', typeId),
              ),
              seat_layout:
                seats.keyOf(s.seatLayoutId) === eventLayout
                  ? undefined
                  : seats.keyOf(s.seatLayoutId),
            }),
          )
        : undefined,
    };
  };
}
