import { parseDate } from '@internationalized/date';
import type { TicketGroup } from '@admit/contracts/resources';
import { venueDate } from '@/features/reserve/model/venue-time';

/** "P1Y", "P6M", "P2W", "P30D" and their combinations: what duration_new holds. */
const ISO_DURATION = /^P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?$/;

/**
 * The last day (YYYY-MM-DD, venue zone) an any-date pass admits (spec: shopping §3 "Ticket
 * group": start_policy fixedfrom/fixedto, start_policy_date, duration_new): fixedto ends on its
 * date; fixedfrom runs for duration_new from its date, the day before the anniversary being the
 * last. Null when the group is not a dated pass or its settings do not say.
 */
export function passLastDay(
  group: Pick<TicketGroup, 'start_policy' | 'start_policy_date' | 'duration_new'>,
  timezone: string,
): string | null {
  if (!group.start_policy || !group.start_policy_date) return null;
  const date = venueDate(group.start_policy_date, timezone);
  if (group.start_policy === 'fixedto') return date;
  const match = ISO_DURATION.exec(group.duration_new ?? '');
  if (!match || match.slice(1).every((part) => part === undefined)) return null;
  const [years, months, weeks, days] = match.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
  ];
  return parseDate(date).add({ years, months, weeks, days }).subtract({ days: 1 }).toString();
}
