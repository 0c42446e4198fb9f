import {
  dateFormatsFor,
  formatInZone,
  formatSessionTime,
  isAllDaySession,
  sessionWhenLabel,
  type TicketDateTime,
} from '@admit/contracts/session-time';

/**
 * A visit's date and time apart, in the venue's zone with the cart's patterns (shopping §9,
 * decision 0029); a whole-day session has no time. An event with its own `ticket_date_time`
 * (shopping §3) reads as its label says, in one piece as the date (decision 0066); hidden: none.
 */
export function sessionDateAndTime(
  session: { start_datetime: string; end_datetime: string },
  timeZone: string,
  locale?: string,
  ticketDateTime: TicketDateTime = null,
): { date: string | null; time: string | null } {
  if (ticketDateTime) {
    return { date: sessionWhenLabel(session, timeZone, locale, ticketDateTime), time: null };
  }
  return {
    date: formatInZone(session.start_datetime, dateFormatsFor(locale).cartDate, timeZone),
    time: isAllDaySession(session)
      ? null
      : formatSessionTime(session.start_datetime, timeZone, locale),
  };
}
