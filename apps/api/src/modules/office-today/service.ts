import { toCollection } from '@admit/contracts/envelope';
import type {
  ArrivalHour,
  OfficeTodayResponse,
  TodaySession,
} from '@admit/contracts/office-reports';
import type { Db } from '@/db/connection';
import type { SellerRef } from '@/http/request-context';
import { addDays, localDate, localTime, zonedWallTimeToUtc } from '@/lib/zoned-time';
import { arrivalTimes, doorCounts, sessionsStarting } from './repo';

/**
 * Today at the door (issue #27 "Today", decision 0088): the sessions starting on the venue's
 * current date (the seller's zone, read from the server's clock), with capacity, sold, checked
 * in and still due, and the day's arrivals hour by hour against the sessions' capacity.
 */

const HOUR_MS = 3_600_000;

/** The start of the hour an instant falls in on the venue's clock (a zone may be off by 30 min). */
function hourStart(instant: Date, timeZone: string): number {
  const t = instant.getTime();
  const minutes = Number(localTime(instant, timeZone).slice(3));
  return t - (t % 60_000) - minutes * 60_000;
}

function arrivalHours(
  sessions: { start: Date; end: Date; capacity: number; sold: number }[],
  arrivals: Date[],
  dayStart: Date,
  dayEnd: Date,
  timeZone: string,
): ArrivalHour[] {
  const instants = [
    ...sessions.flatMap((s) => [s.start.getTime(), s.end.getTime() - 1]),
    ...arrivals.map((a) => a.getTime()),
  ].filter((t) => t >= dayStart.getTime() && t < dayEnd.getTime());
  if (instants.length === 0) return [];
  const first = hourStart(new Date(Math.min(...instants)), timeZone);
  const last = hourStart(new Date(Math.max(...instants)), timeZone);
  const hours: ArrivalHour[] = [];
  for (let at = first; at <= last; at += HOUR_MS) {
    const inHour = (t: Date) => t.getTime() >= at && t.getTime() < at + HOUR_MS;
    const starting = sessions.filter((s) => inHour(s.start));
    hours.push({
      hour: localTime(new Date(at), timeZone),
      start: new Date(at).toISOString(),
      arrivals: arrivals.filter(inHour).length,
      expected: starting.reduce((n, s) => n + s.sold, 0),
      capacity: starting.reduce((n, s) => n + Math.max(0, s.capacity), 0),
    });
  }
  return hours;
}

/** The seller's day at `now`, in its zone. */
export async function officeToday(
  db: Db,
  seller: SellerRef,
  now: Date,
): Promise<OfficeTodayResponse> {
  const timeZone = seller.timezone;
  const date = localDate(now, timeZone);
  const dayStart = zonedWallTimeToUtc(date, '00:00', timeZone);
  const dayEnd = zonedWallTimeToUtc(addDays(date, 1), '00:00', timeZone);
  const sessions = await sessionsStarting(db, seller.id, dayStart, dayEnd);
  const ids = sessions.map((s) => s.id);
  const [counts, arrivals] = await Promise.all([doorCounts(db, ids), arrivalTimes(db, ids)]);
  const countOf = new Map(counts.map((c) => [c.sessionId, c]));
  const rows = sessions.map((s) => {
    const c = countOf.get(s.id);
    return { ...s, sold: c?.sold ?? 0, checkedIn: c?.checkedIn ?? 0 };
  });
  const eventSessions: TodaySession[] = rows.map((s) => ({
    id: s.id,
    event_template_id: s.eventTemplateId,
    event_name: s.eventName,
    start_datetime: s.start.toISOString(),
    end_datetime: s.end.toISOString(),
    // a negative capacity is "unlimited" (shopping §3 Session)
    capacity: s.capacity < 0 ? null : s.capacity,
    sold: s.sold,
    checked_in: s.checkedIn,
    due: Math.max(0, s.sold - s.checkedIn),
  }));
  return {
    office_day: toCollection([{ date, timezone: timeZone, as_of: now.toISOString() }]),
    event_session: toCollection(eventSessions),
    arrival_hour: toCollection(arrivalHours(rows, arrivals, dayStart, dayEnd, timeZone)),
  };
}
