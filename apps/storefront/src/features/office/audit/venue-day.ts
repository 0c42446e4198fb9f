import { wallMidnightInstant } from '@admit/contracts/zone-arithmetic';

/**
 * The instant (ISO) of the venue's midnight starting a day given as `YYYY-MM-DD` (a date
 * field's value), `plusDays` later: staff filter by the venue's days, not the desk's or UTC's.
 */
export function venueDayStart(day: string, timeZone: string, plusDays = 0): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(wallMidnightInstant(year, month - 1, date + plusDays, timeZone)).toISOString();
}
