import { DATE_FORMATS } from '../constants';
import { formatInZone } from '../session-time';

/**
 * A membership term's last day on the seller's calendar ("Wed, Jun 2, 2027"), the one way every
 * e-mail and every storefront page shows when a membership ends. valid_to is the first instant
 * after the term (identity §3 "active when the current time is strictly between validFrom and
 * validTo"), so the last day is the seller-zone day of the instant just before it: a term ending
 * at local midnight ends the day before, never on the next day's date.
 */
export function membershipLastDay(validTo: string | Date, timeZone: string): string {
  const end = typeof validTo === 'string' ? Date.parse(validTo) : validTo.getTime();
  return formatInZone(new Date(end - 1).toISOString(), DATE_FORMATS.cartDate, timeZone);
}

/** A term's first day on the seller's calendar (valid_from is its first instant). */
export function membershipFirstDay(validFrom: string | Date, timeZone: string): string {
  const start = typeof validFrom === 'string' ? validFrom : validFrom.toISOString();
  return formatInZone(start, DATE_FORMATS.cartDate, timeZone);
}
