import type { CheckInRefusal } from '@admit/contracts/seller-api';
import { localDate } from '@/lib/zoned-time';

/**
 * Whether a ticket is for the door that scans it (decision 0042). The door names a session, or
 * a day (YYYY-MM-DD in the ticket's venue zone); naming neither means today. A ticket for any
 * date (no session) fits while it is valid.
 */

export interface Door {
  eventSessionId?: string;
  date?: string;
}

export interface FitTicket {
  eventSessionId: string | null;
  startDatetime: Date | null;
  validFrom: Date | null;
  validTo: Date | null;
  /** the zone the visit reads in: the venue's, else the seller's */
  timezone: string;
}

export type DoorFit = 'fits' | Extract<CheckInRefusal, 'wrong_session' | 'wrong_date'>;

export function doorFit(ticket: FitTicket, door: Door, now: Date): DoorFit {
  if (door.eventSessionId) {
    return ticket.eventSessionId === door.eventSessionId ? 'fits' : 'wrong_session';
  }
  const day = door.date ?? localDate(now, ticket.timezone);
  if (ticket.startDatetime) {
    return localDate(ticket.startDatetime, ticket.timezone) === day ? 'fits' : 'wrong_date';
  }
  // any-date ticket: its validity window, if it has one, must include the day
  if (ticket.validFrom && localDate(ticket.validFrom, ticket.timezone) > day) return 'wrong_date';
  if (ticket.validTo && localDate(ticket.validTo, ticket.timezone) < day) return 'wrong_date';
  return 'fits';
}
