import { DateFormatter } from '@internationalized/date';
import { ALL_DAY_SESSION_MINUTES, DATE_FORMATS } from './constants';

/*
 * The one home of how a session's date and time read, in the venue's zone, on every page (reserve
 * pickers, cart, complete and tickets pages) and in every e-mail: the spec's patterns, never the
 * browser's, the server's or the seller locale's clock (decisions 0029, 0030). No zod here: the
 * storefront's first load uses it. Only DateFormatter is imported: it needs nothing else of the
 * library, so the listing's cart sidebar ships about 1 KB of it. The zone arithmetic (offsets,
 * a day's midnight) is in zone-arithmetic.ts, which pulls in the library's calendar and
 * conversion code (~4.5 KB sent) and is imported by the pages that ship react-aria's calendar
 * anyway (decision 0051; issue #23's listing budget).
 */

/** The parts the cart patterns read; DateFormatter keeps one Intl formatter per zone. */
function cartFormatter(timeZone: string): DateFormatter {
  return new DateFormatter('en-US', {
    timeZone,
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    weekday: 'short',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  });
}

/**
 * Formats an instant in a time zone with the spec's cart patterns (shopping §9: 'ddd, MMM D,
 * YYYY [at] h:mm A', 'ddd, MMM D, YYYY', 'h:mm A'). Supports the tokens those patterns use
 * (YYYY, MMMM, MMM, ddd, D, h, mm, A and [literal]); @internationalized/date's DateFormatter reads
 * the parts in the zone, which keeps dayjs and its timezone plugin out of the first load.
 */
export function formatInZone(iso: string, pattern: string, timeZone: string): string {
  const parts = cartFormatter(timeZone).formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '';
  const month = part('month');
  const tokens: Record<string, string> = {
    YYYY: part('year'),
    MMMM: month,
    MMM: month.slice(0, 3),
    ddd: part('weekday'),
    D: part('day'),
    h: part('hour'),
    mm: part('minute'),
    A: part('dayPeriod').toUpperCase(),
  };
  return pattern.replace(/\[([^\]]*)\]|YYYY|MMMM|MMM|ddd|mm|D|h|A/g, (match, literal?: string) =>
    literal !== undefined ? literal : (tokens[match] ?? match),
  );
}

/** A session longer than the all-day threshold (shopping §9) shows its date only. */
export function isAllDaySession(session: { start_datetime: string; end_datetime: string }) {
  const minutes = (Date.parse(session.end_datetime) - Date.parse(session.start_datetime)) / 60_000;
  return minutes > ALL_DAY_SESSION_MINUTES;
}

/**
 * How an event's ticket dates read (spec: shopping §3 event meta `ticket_date_time`): date-only,
 * hidden, show-end, dates-only-show-end, or a custom pattern in the cart tokens. Absent: the
 * default (date and start time, or the date of a whole-day session).
 */
export type TicketDateTime = string | null | undefined;

const sameDay = (a: string, b: string, timeZone: string) =>
  formatInZone(a, DATE_FORMATS.cartDate, timeZone) ===
  formatInZone(b, DATE_FORMATS.cartDate, timeZone);

/**
 * "Tue, Jun 2, 2026 at 10:00 AM" (or the date only for a whole-day session); null: any date, or
 * an event whose `ticket_date_time` hides ticket dates.
 */
export function sessionWhenLabel(
  session: { start_datetime: string; end_datetime: string } | null | undefined,
  timeZone: string,
  ticketDateTime: TicketDateTime = null,
): string | null {
  if (!session) return null;
  const { start_datetime: start, end_datetime: end } = session;
  const date = (iso: string) => formatInZone(iso, DATE_FORMATS.cartDate, timeZone);
  switch (ticketDateTime ?? null) {
    case 'hidden':
      return null;
    case 'date-only':
      return date(start);
    case 'dates-only-show-end':
      return sameDay(start, end, timeZone) ? date(start) : `${date(start)} – ${date(end)}`;
    case 'show-end': {
      const from = formatInZone(start, DATE_FORMATS.cartDateTime, timeZone);
      const until = sameDay(start, end, timeZone)
        ? formatInZone(end, DATE_FORMATS.cartTime, timeZone)
        : formatInZone(end, DATE_FORMATS.cartDateTime, timeZone);
      return `${from} – ${until}`;
    }
    case null:
      return formatInZone(
        start,
        isAllDaySession(session) ? DATE_FORMATS.cartDate : DATE_FORMATS.cartDateTime,
        timeZone,
      );
    default:
      // a seller's own pattern, in the tokens formatInZone reads
      return formatInZone(start, ticketDateTime as string, timeZone);
  }
}

/** "10:30 AM" in the venue's zone (shopping §9 time format h:mm A), for every seller. */
export function formatSessionTime(iso: string, timeZone: string): string {
  return formatInZone(iso, DATE_FORMATS.cartTime, timeZone);
}

/**
 * A calendar date ("YYYY-MM-DD", already a day of the seller's calendar, e.g. a scheduled
 * payment's due date) in the cart's date pattern: "Wed, Jun 13, 2029". Read at UTC noon in UTC,
 * so no zone can move it to another day.
 */
export function formatCalendarDate(date: string): string {
  return formatInZone(`${date}T12:00:00Z`, DATE_FORMATS.cartDate, 'UTC');
}
