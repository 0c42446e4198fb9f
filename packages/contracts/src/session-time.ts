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
 * anyway (decision 0051; issue #23's listing budget). The spec's patterns are the en-US ones; a
 * seller whose locale reads dates another way (en-GB: "Sun 29 Nov 2026, 11:00") gets that
 * locale's patterns from `dateFormatsFor` (decision 0060).
 */

type DateFormats = { [K in keyof typeof DATE_FORMATS]: string };

/** Locales whose people read the US order and 12-hour clock wrongly; the rest read the spec's. */
const DATE_FORMATS_BY_LOCALE: Record<string, DateFormats> = {
  'en-GB': {
    cartDateTime: 'ddd D MMM YYYY, HH:mm',
    cartDate: 'ddd D MMM YYYY',
    cartTime: 'HH:mm',
    orderDate: 'ddd D MMMM YYYY',
    longDate: 'dddd D MMMM YYYY',
    longDateTime: 'dddd D MMMM YYYY, HH:mm',
  },
};

/** The date patterns of a seller locale: its own where it has them, else the spec's (en-US). */
export function dateFormatsFor(locale: string | undefined): DateFormats {
  return (locale && DATE_FORMATS_BY_LOCALE[locale]) || DATE_FORMATS;
}

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

/** The long weekday ("Saturday") of the long date patterns. */
function weekdayFormatter(timeZone: string): DateFormatter {
  return new DateFormatter('en-US', { timeZone, weekday: 'long' });
}

/**
 * Formats an instant in a time zone with the spec's cart patterns (shopping §9: 'ddd, MMM D,
 * YYYY [at] h:mm A', 'ddd, MMM D, YYYY', 'h:mm A'). Supports the tokens those patterns use
 * (YYYY, MMMM, MMM, dddd, ddd, D, h, HH, mm, A and [literal]); @internationalized/date's DateFormatter reads
 * the parts in the zone, which keeps dayjs and its timezone plugin out of the first load.
 */
export function formatInZone(iso: string, pattern: string, timeZone: string): string {
  const at = new Date(iso);
  const parts = cartFormatter(timeZone).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '';
  const month = part('month');
  const hour12 = Number(part('hour')) % 12;
  const hour24 = part('dayPeriod').toUpperCase() === 'PM' ? hour12 + 12 : hour12;
  const tokens: Record<string, string> = {
    YYYY: part('year'),
    MMMM: month,
    MMM: month.slice(0, 3),
    ddd: part('weekday'),
    // the long weekday only when asked for: most patterns read the short one
    dddd: pattern.includes('dddd') ? weekdayFormatter(timeZone).format(at) : '',
    D: part('day'),
    h: part('hour'),
    HH: String(hour24).padStart(2, '0'),
    mm: part('minute'),
    A: part('dayPeriod').toUpperCase(),
  };
  return pattern.replace(
    /\[([^\]]*)\]|YYYY|MMMM|MMM|dddd|ddd|mm|HH|D|h|A/g,
    (match, literal?: string) => (literal !== undefined ? literal : (tokens[match] ?? match)),
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

/** The event-template meta key that holds `ticket_date_time` (shopping §3). */
export const TICKET_DATE_TIME_KEY = 'ticket_date_time';

/**
 * An event's `ticket_date_time` from meta rows (the wire's `meta` or a stored row): its text, or
 * null when unset or not text. One reading for the cart, the order pages, the account, the
 * e-mails and the wallet pass.
 */
export function ticketDateTimeOf(
  meta: readonly { resource: string; resource_id: string; key: string; value: unknown }[],
  eventId: string,
): string | null {
  const row = meta.find(
    (m) =>
      m.resource === 'event_template' &&
      m.resource_id === eventId &&
      m.key === TICKET_DATE_TIME_KEY,
  );
  return ticketDateTimeValue(row?.value);
}

/** A stored `ticket_date_time` value as the label reads it: non-empty text, else null. */
export function ticketDateTimeValue(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

const sameDay = (a: string, b: string, timeZone: string) =>
  formatInZone(a, DATE_FORMATS.cartDate, timeZone) ===
  formatInZone(b, DATE_FORMATS.cartDate, timeZone);

/**
 * "Tue, Jun 2, 2026 at 10:00 AM" (en-GB "Tue 2 Jun 2026, 10:00"), or the date only for a
 * whole-day session; null: any date, or an event whose `ticket_date_time` hides ticket dates.
 */
export function sessionWhenLabel(
  session: { start_datetime: string; end_datetime: string } | null | undefined,
  timeZone: string,
  locale?: string,
  ticketDateTime: TicketDateTime = null,
): string | null {
  if (!session) return null;
  const formats = dateFormatsFor(locale);
  const { start_datetime: start, end_datetime: end } = session;
  const date = (iso: string) => formatInZone(iso, formats.cartDate, timeZone);
  switch (ticketDateTime ?? null) {
    case 'hidden':
      return null;
    case 'date-only':
      return date(start);
    case 'dates-only-show-end':
      return sameDay(start, end, timeZone) ? date(start) : `${date(start)} – ${date(end)}`;
    case 'show-end': {
      const from = formatInZone(start, formats.cartDateTime, timeZone);
      const until = sameDay(start, end, timeZone)
        ? formatInZone(end, formats.cartTime, timeZone)
        : formatInZone(end, formats.cartDateTime, timeZone);
      return `${from} – ${until}`;
    }
    case null:
      return formatInZone(
        start,
        isAllDaySession(session) ? formats.cartDate : formats.cartDateTime,
        timeZone,
      );
    default:
      // a seller's own pattern, in the tokens formatInZone reads
      return formatInZone(start, ticketDateTime as string, timeZone);
  }
}

/** "10:30 AM" in the venue's zone (shopping §9 time format h:mm A); en-GB "10:30". */
export function formatSessionTime(iso: string, timeZone: string, locale?: string): string {
  return formatInZone(iso, dateFormatsFor(locale).cartTime, timeZone);
}

/**
 * A visit's date and time apart, for pages that group visits by day (the account's session
 * detail, the free-order cancel screen): the cart's patterns in the venue's zone; a whole-day
 * session has no time. An event with its own `ticket_date_time` reads as `sessionWhenLabel` says,
 * in one piece as the date (decision 0066); hidden: none.
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

/**
 * A calendar date ("YYYY-MM-DD", already a day of the seller's calendar, e.g. a scheduled
 * payment's due date) in the cart's date pattern: "Wed, Jun 13, 2029". Read at UTC noon in UTC,
 * so no zone can move it to another day.
 */
export function formatCalendarDate(date: string, locale?: string): string {
  return formatInZone(`${date}T12:00:00Z`, dateFormatsFor(locale).cartDate, 'UTC');
}

/**
 * A calendar date ("YYYY-MM-DD") in words with the spec's default LONG_DATE (shopping §9):
 * "Saturday, November 28, 2026" (en-GB "Saturday 28 November 2026"). Read as
 * `formatCalendarDate` reads it, so no zone can move it to another day.
 */
export function formatLongDate(date: string, locale?: string): string {
  return formatInZone(`${date}T12:00:00Z`, dateFormatsFor(locale).longDate, 'UTC');
}

/**
 * An instant in a zone with the spec's default LONG_DATE_TIME (shopping §9): "Saturday,
 * November 28, 2026 at 10:00 AM" (en-GB "Saturday 28 November 2026, 10:00").
 */
export function formatLongDateTime(iso: string, timeZone: string, locale?: string): string {
  return formatInZone(iso, dateFormatsFor(locale).longDateTime, timeZone);
}
