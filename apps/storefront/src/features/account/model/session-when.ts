import {
  dateFormatsFor,
  formatInZone,
  formatSessionTime,
  isAllDaySession,
} from '@admit/contracts/session-time';

/**
 * A visit's date and time apart, in the venue's zone with the cart's patterns (shopping §9,
 * decision 0029); a whole-day session has no time.
 */
export function sessionDateAndTime(
  session: { start_datetime: string; end_datetime: string },
  timeZone: string,
  locale?: string,
): { date: string; time: string | null } {
  return {
    date: formatInZone(session.start_datetime, dateFormatsFor(locale).cartDate, timeZone),
    time: isAllDaySession(session)
      ? null
      : formatSessionTime(session.start_datetime, timeZone, locale),
  };
}
