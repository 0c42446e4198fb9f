import { dateFormatsFor, formatInZone } from '../session-time';

/**
 * A membership term's last day on the seller's calendar ("Wed, Jun 2, 2027"; in the
 * seller's locale when given), the one way every
 * e-mail and every storefront page shows when a membership ends. valid_to is the first instant
 * after the term (identity §3 "active when the current time is strictly between validFrom and
 * validTo"), so the last day is the seller-zone day of the instant just before it: a term ending
 * at local midnight ends the day before, never on the next day's date.
 */
export function membershipLastDay(
  validTo: string | Date,
  timeZone: string,
  locale?: string,
): string {
  const end = typeof validTo === 'string' ? Date.parse(validTo) : validTo.getTime();
  return formatInZone(new Date(end - 1).toISOString(), dateFormatsFor(locale).cartDate, timeZone);
}

/** A term's first day on the seller's calendar (valid_from is its first instant). */
export function membershipFirstDay(
  validFrom: string | Date,
  timeZone: string,
  locale?: string,
): string {
  const start = typeof validFrom === 'string' ? validFrom : validFrom.toISOString();
  return formatInZone(start, dateFormatsFor(locale).cartDate, timeZone);
}
