import type { Db } from '@/db/connection';
import { zonedWallTimeToUtc } from '@/lib/zoned-time';
import {
  makeEvent,
  makeMeta,
  makeSeller,
  makeSession,
  makeTicketGroup,
  makeTicketType,
  makeVenue,
  type EventRow,
  type SessionRow,
  type TicketGroupRow,
  type TicketTypeRow,
} from './factories';

/**
 * A timed-admission event in one call: seller, venue (in `timeZone`), one ticket group with
 * priced types, and sessions at the given venue-local date/times. Overrides reach every row.
 */
export interface TimedAdmissionOptions {
  timeZone?: string;
  currency?: string;
  /** venue-local "YYYY-MM-DD HH:MM" starts */
  starts: string[];
  sessionMinutes?: number;
  capacity?: number;
  /** minor units per type, in rank order */
  prices?: number[];
  group?: Parameters<typeof makeTicketGroup>[2];
  event?: Parameters<typeof makeEvent>[2];
  /** stored as the event meta `message_rules` */
  messageRules?: unknown[];
}

export interface TimedAdmission {
  seller: Awaited<ReturnType<typeof makeSeller>>;
  event: EventRow;
  group: TicketGroupRow;
  types: TicketTypeRow[];
  sessions: SessionRow[];
}

/** The UTC instant of a venue-local "YYYY-MM-DD HH:MM". */
export const venueTime = (local: string, timeZone: string) => {
  const [date, time] = local.split(' ') as [string, string];
  return zonedWallTimeToUtc(date, time, timeZone);
};

export async function makeTimedAdmission(
  db: Db,
  options: TimedAdmissionOptions,
): Promise<TimedAdmission> {
  const timeZone = options.timeZone ?? 'America/New_York';
  const seller = await makeSeller(db, { timezone: timeZone, currency: options.currency ?? 'USD' });
  const venue = await makeVenue(db, seller, { timezone: timeZone });
  const event = await makeEvent(db, seller, { venueId: venue.id, ...options.event });
  const group = await makeTicketGroup(db, event, { name: 'General Admission', ...options.group });
  const types: TicketTypeRow[] = [];
  for (const [rank, amount] of (options.prices ?? [2500, 1500]).entries()) {
    types.push(await makeTicketType(db, group, { name: `Type ${rank}`, rank, amount }));
  }
  const sessions: SessionRow[] = [];
  for (const local of options.starts) {
    const start = venueTime(local, timeZone);
    sessions.push(
      await makeSession(db, event, {
        startDatetime: start,
        endDatetime: new Date(start.getTime() + (options.sessionMinutes ?? 30) * 60_000),
        capacity: options.capacity ?? 60,
      }),
    );
  }
  if (options.messageRules) {
    await makeMeta(db, event, 'event_template', 'message_rules', options.messageRules);
  }
  return { seller, event, group, types, sessions };
}
