import { DATE_FORMATS } from '@admit/contracts/constants';

/**
 * Formats an instant in a time zone with the spec's cart patterns (shopping §9: 'ddd, MMM D,
 * YYYY [at] h:mm A', 'ddd, MMM D, YYYY', 'h:mm A'). Supports the tokens those patterns use
 * (YYYY, MMMM, MMM, ddd, D, h, mm, A and [literal]); Intl does the zone arithmetic, which keeps
 * dayjs and its timezone plugin out of the listing's first load.
 */
export function formatInZone(iso: string, pattern: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    weekday: 'short',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  }).formatToParts(new Date(iso));
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

/** A session's date and time line in the cart; a session of a whole day shows the date only. */
export function cartSessionLabel(
  session: { start_datetime: string; end_datetime: string } | null,
  timeZone: string,
  allDay: boolean,
): string | null {
  if (!session) return null;
  return formatInZone(
    session.start_datetime,
    allDay ? DATE_FORMATS.cartDate : DATE_FORMATS.cartDateTime,
    timeZone,
  );
}
