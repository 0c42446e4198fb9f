import { lazy, Suspense } from 'react';
import type { CalendarDay } from '@admit/contracts/availability';
import { firstSelectableDate } from '@/ui/calendar/calendar-days';
import { Loader } from '@/ui/loader';
import { useStrings } from '@/ui/text/use-strings';
import { useFeatureFlag } from '@/config/feature-flags';
import { FieldError } from '@/features/reserve/components/field-error';
import type { IssueMap } from '@/features/reserve/model/form-issues';
import { fieldId } from '@/features/reserve/model/form-issues';
import { RESERVE_STRINGS } from '@/features/reserve/strings';
import type { CalendarFailure } from '@/features/reserve/flows/quantity-first/post-calendar';
import { QUANTITY_FIRST_STRINGS } from '@/features/reserve/flows/quantity-first/quantity-first-strings';
import reserveStyles from '@/features/reserve/components/reserve.module.css';
import styles from '@/features/reserve/flows/quantity-first/quantity-first.module.css';

// react-aria's calendar loads only once dates are shown (first-load budget)
const MonthCalendar = lazy(() =>
  import('@/ui/calendar/month-calendar').then((m) => ({ default: m.MonthCalendar })),
);

export const DATE_FIELD_ID = fieldId('qf', 'date');

export interface DateStepProps {
  days: ReadonlyMap<string, CalendarDay> | undefined;
  isLoading: boolean;
  /** why the calendar call failed (spec: shopping §8) */
  failure: CalendarFailure | null;
  value: string | null;
  onSelect: (date: string) => void;
  timezone: string;
  issues: IssueMap;
}

/** Step 2 (shopping §4): the days the chosen quantities fit on, as a month calendar. */
export function DateStep({
  days,
  isLoading,
  failure,
  value,
  onSelect,
  timezone,
  issues,
}: DateStepProps) {
  const t = useStrings(QUANTITY_FIRST_STRINGS);
  const tr = useStrings(RESERVE_STRINGS);
  // the seller's flag (decision 0061): a calendar of dates without their "from" prices
  const hidePrices = useFeatureFlag('hide_calendar_prices');
  const error =
    failure === null
      ? null
      : failure === 'too_many_types'
        ? t('reserve.quantity_first.too_many_types')
        : failure === 'generic'
          ? tr('reserve.error_generic')
          : failure.text;
  const loading = <Loader label={t('reserve.quantity_first.loading_dates')} />;
  let content;
  if (isLoading) content = loading;
  else if (error)
    content = (
      <p className={reserveStyles.alert} role="alert">
        {error}
      </p>
    );
  else if (!days || firstSelectableDate(days) === null)
    content = <p className={reserveStyles.muted}>{t('reserve.quantity_first.no_dates')}</p>;
  else
    content = (
      <Suspense fallback={loading}>
        <MonthCalendar
          days={days}
          value={value}
          onSelect={onSelect}
          timezone={timezone}
          showPrices={!hidePrices}
        />
      </Suspense>
    );
  return (
    <fieldset className={reserveStyles.section}>
      <legend className={reserveStyles.sectionHeading}>
        {t('reserve.quantity_first.date_legend')}
      </legend>
      <div
        id={DATE_FIELD_ID}
        tabIndex={-1}
        className={`${styles.step} ${reserveStyles.focusTarget}`}
      >
        {content}
      </div>
      <FieldError fieldId={DATE_FIELD_ID} issues={issues} />
    </fieldset>
  );
}
