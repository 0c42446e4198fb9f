/**
 * The calendar date "today" (or a few days on) as the seller's clock reads it, as YYYY-MM-DD.
 *
 * Why Intl and not dayjs-timezone: the plugin itself reads the zone through
 * Intl.DateTimeFormat, and keeping dayjs out of the listing chunk saves bytes on the first load
 * of /events (budget ≤ 120 KB gzip).
 */
export function sellerDate(now: Date, timeZone: string, addDays = 0): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((p) => p.type === type)?.value);
  // calendar arithmetic on a UTC midnight never meets a DST gap
  const date = new Date(Date.UTC(part('year'), part('month') - 1, part('day') + addDays));
  return date.toISOString().slice(0, 10);
}
