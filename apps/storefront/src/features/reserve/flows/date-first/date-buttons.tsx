import { lazy, Suspense, useState } from 'react';
import type { CalendarDay } from '@admit/contracts/availability';
import { DATE_BUTTONS } from '@admit/contracts/constants';
import { useSellerConfig } from '@/config/seller-config';
import { useStrings } from '@/ui/text/use-strings';
import { useRovingFocus } from '@/ui/use-roving-focus';
import { FieldError } from '@/features/reserve/components/field-error';
import type { IssueMap } from '@/features/reserve/model/form-issues';
import { fieldId } from '@/features/reserve/model/form-issues';
import { formatLongDate } from '@admit/contracts/session-time';
import { dateButtonParts } from '@/features/reserve/model/venue-time';
import { DATE_FIRST_STRINGS } from '@/features/reserve/flows/date-first/date-first-strings';
import reserveStyles from '@/features/reserve/components/reserve.module.css';
import styles from '@/features/reserve/flows/date-first/date-first.module.css';

// react-aria's calendar is fetched only when "Show more dates" is pressed (first-load budget)
const CalendarModal = lazy(() =>
  import('@/ui/calendar/calendar-modal').then((m) => ({ default: m.CalendarModal })),
);

export const DATE_FIELD_ID = fieldId('date');

/** The buttons shown: the first 8 bookable dates, the chosen one taking the last place if later. */
export function dateButtonDates(selectable: readonly string[], value: string | null): string[] {
  const first = selectable.slice(0, DATE_BUTTONS);
  if (value === null || first.includes(value)) return first;
  return [...first.slice(0, DATE_BUTTONS - 1), value];
}

interface DateButtonsProps {
  days: ReadonlyMap<string, CalendarDay>;
  /** bookable dates, in order */
  selectable: readonly string[];
  value: string | null;
  onSelect: (date: string) => void;
  timezone: string;
  issues: IssueMap;
}

/**
 * Up to 8 date buttons and "Show more dates", which opens the "Choose date" modal calendar
 * (spec: shopping §2 "Date-first reserve page", §9 date buttons 8).
 */
export function DateButtons({
  days,
  selectable,
  value,
  onSelect,
  timezone,
  issues,
}: DateButtonsProps) {
  const t = useStrings(DATE_FIRST_STRINGS);
  const { locale } = useSellerConfig();
  const [isCalendarOpen, setCalendarOpen] = useState(false);
  const dates = dateButtonDates(selectable, value);
  // the dates are one Tab stop, the arrow keys move between them (decision 0031)
  const roving = useRovingFocus(dates.length, value === null ? -1 : dates.indexOf(value));
  return (
    <fieldset className={reserveStyles.section}>
      <legend className={reserveStyles.sectionHeading}>{t('reserve.date_legend')}</legend>
      <div
        id={DATE_FIELD_ID}
        tabIndex={-1}
        className={`${styles.dates} ${reserveStyles.focusTarget}`}
      >
        <div
          role="toolbar"
          aria-label={t('reserve.date_legend')}
          className={styles.dateRow}
          {...roving.groupProps}
        >
          {dates.map((date, index) => {
            const parts = dateButtonParts(date, locale);
            return (
              <button
                key={date}
                {...roving.itemProps(index)}
                type="button"
                className={styles.date}
                aria-pressed={date === value}
                onClick={() => onSelect(date)}
              >
                {/* the name starts with what the button shows (WCAG 2.5.3 "label in name"), so a
                  voice user can say "Sat 21 Nov"; the full date with its year follows unseen */}
                <span className={styles.weekday}>{parts.weekday}</span>{' '}
                <span className={styles.day}>{parts.day}</span>{' '}
                <span className={styles.month}>{parts.month}</span>{' '}
                <span className="visually-hidden">{formatLongDate(date, locale)}</span>
              </button>
            );
          })}
        </div>
        {selectable.length > DATE_BUTTONS && (
          <button type="button" className={styles.choice} onClick={() => setCalendarOpen(true)}>
            {t('reserve.show_more_dates')}
          </button>
        )}
      </div>
      <FieldError fieldId={DATE_FIELD_ID} issues={issues} />
      {isCalendarOpen && (
        <Suspense fallback={null}>
          <CalendarModal
            isOpen
            onOpenChange={setCalendarOpen}
            days={days}
            value={value}
            onSelect={onSelect}
            timezone={timezone}
            focusedMonth={value?.slice(0, 7) ?? selectable[0]?.slice(0, 7) ?? null}
            showPrices
          />
        </Suspense>
      )}
    </fieldset>
  );
}
