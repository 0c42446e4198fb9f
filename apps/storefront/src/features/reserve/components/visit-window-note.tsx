import type { VisitWindow } from '@/features/reserve/model/visit-window';
import { useSellerConfig } from '@/config/seller-config';
import { useStrings } from '@/ui/text/use-strings';
import { venueMinutes } from '@/features/reserve/model/venue-time';
import { RESERVE_STRINGS } from '@/features/reserve/strings';
import reserveStyles from '@/features/reserve/components/reserve.module.css';

/** The window in words: a whole local day is its date, anything shorter a date and times. */
export function describeVisitWindow(window: VisitWindow, locale: string): string {
  const start = new Date(window.start);
  const end = new Date(window.end);
  const wholeDays =
    venueMinutes(window.start, window.timeZone) === 0 &&
    venueMinutes(window.end, window.timeZone) === 0;
  const format = new Intl.DateTimeFormat(
    locale,
    wholeDays
      ? { timeZone: window.timeZone, dateStyle: 'full' }
      : { timeZone: window.timeZone, dateStyle: 'full', timeStyle: 'short' },
  );
  // a whole day ends at the next midnight, which belongs to the next date
  return wholeDays ? format.format(start) : format.formatRange(start, end);
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
