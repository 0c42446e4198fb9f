import type { VisitWindow } from '@/features/reserve/model/visit-window';
import { useSellerConfig } from '@/config/seller-config';
import { useStrings } from '@/ui/text/use-strings';
import {
  formatLongDate,
  formatLongDateTime,
  formatSessionTime,
} from '@admit/contracts/session-time';
import { venueDate, venueMinutes } from '@/features/reserve/model/venue-time';
import { RESERVE_STRINGS } from '@/features/reserve/strings';
import reserveStyles from '@/features/reserve/components/reserve.module.css';

/**
 * The window in words with the spec's long date defaults (shopping §9 LONG_DATE and
 * LONG_DATE_TIME, decision 0063): a whole local day is its date, anything shorter a date and times.
 */
export function describeVisitWindow(window: VisitWindow, locale: string): string {
  const { start, end, timeZone } = window;
  const wholeDays = venueMinutes(start, timeZone) === 0 && venueMinutes(end, timeZone) === 0;
  // a whole day ends at the next midnight, which belongs to the next date
  if (wholeDays) return formatLongDate(venueDate(start, timeZone), locale);
  const until =
    venueDate(start, timeZone) === venueDate(end, timeZone)
      ? formatSessionTime(end, timeZone, locale)
      : formatLongDateTime(end, timeZone, locale);
  return `${formatLongDateTime(start, timeZone, locale)} – ${until}`;
}

/**
 * Why an add-on offers so few dates and times (spec: shopping §4 "Anchor cart"): they must fall
 * within the visit the cart's admission sets.
 */
export function VisitWindowNote({ window }: { window: VisitWindow }) {
  const t = useStrings(RESERVE_STRINGS);
  const { locale } = useSellerConfig();
  return (
    <p className={reserveStyles.muted} data-testid="visit-window-note">
      {t('reserve.visit_window', { window: describeVisitWindow(window, locale) })}
    </p>
  );
}
