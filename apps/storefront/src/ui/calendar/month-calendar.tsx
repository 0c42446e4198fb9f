import { useMemo, useState } from 'react';
import {
  Button,
  Calendar,
  CalendarCell,
  CalendarGrid,
  CalendarGridBody,
  CalendarGridHeader,
  CalendarHeaderCell,
  CalendarHeading,
  I18nProvider,
} from 'react-aria-components';
import { parseDate } from '@internationalized/date';
import type { CalendarDate } from '@internationalized/date';
import type { CalendarDay } from '@admit/contracts/availability';
import { useSellerConfig } from '@/config/seller-config';
import { usePricesShown } from '@/config/use-shown-price';
import { useStrings } from '@/ui/text/use-strings';
import {
  calendarHorizon,
  dayState,
  initialFocusDate,
  isSelectableDay,
  monthKey,
  todayIn,
} from '@/ui/calendar/calendar-days';
import { DayCellContent } from '@/ui/calendar/day-cell-content';
import { CALENDAR_STRINGS } from '@/ui/calendar/strings';
import styles from '@/ui/calendar/calendar.module.css';

export interface MonthCalendarProps {
  /** the calendar read's days keyed by YYYY-MM-DD (contracts `availability.ts`) */
  days: ReadonlyMap<string, CalendarDay>;
  /** the chosen date, YYYY-MM-DD */
  value: string | null;
  onSelect: (date: string) => void;
  /** the venue's time zone: "today" and the one-year horizon are computed there */
  timezone: string;
  /** the month (YYYY-MM) to show: where it opens when no date is chosen, and where it goes when changed */
  focusedMonth?: string | null;
  onFocusedMonthChange?: (month: string) => void;
  /** months shown side by side (default 1) */
  visibleMonths?: number;
  showPrices?: boolean;
  /** accessible name of the calendar (default "Dates") */
  label?: string;
  autoFocus?: boolean;
  className?: string;
}

/**
 * An inline month calendar of bookable dates (shopping §2): previous/next month buttons, arrow
 * keys move by a day (left/right) and a week (up/down), Enter selects. Days that are not
 * available stay focusable but cannot be chosen; days before today and from the horizon on
 * (start of the month one year ahead, §9) are disabled. Built on react-aria: import it from
 * lazily loaded code only.
 */
export function MonthCalendar({
  days,
  value,
  onSelect,
  timezone,
  focusedMonth = null,
  onFocusedMonthChange,
  visibleMonths = 1,
  showPrices: pricesWanted = true,
  label,
  autoFocus,
  className,
}: MonthCalendarProps) {
  const t = useStrings(CALENDAR_STRINGS);
  const { currency, locale, all_in_prices: allIn } = useSellerConfig();
  // decision 0081: the seller's price display setting may keep prices off the days
  const showPrices = usePricesShown('sessions') && pricesWanted;
  const todayDate = todayIn(timezone);
  const bounds = useMemo(
    () => ({
      min: parseDate(todayDate),
      max: parseDate(calendarHorizon(todayDate)).subtract({ days: 1 }),
    }),
    [todayDate],
  );
  const [focused, setFocused] = useState<CalendarDate>(() =>
    parseDate(initialFocusDate(days, value, focusedMonth, todayDate)),
  );
  // a new focusedMonth from the caller moves the calendar there (state adjusted while rendering)
  const [requestedMonth, setRequestedMonth] = useState(focusedMonth);
  if (focusedMonth !== requestedMonth) {
    setRequestedMonth(focusedMonth);
    if (focusedMonth && focusedMonth !== monthKey(focused)) {
      setFocused(parseDate(initialFocusDate(days, null, focusedMonth, todayDate)));
    }
  }

  const onFocusChange = (date: CalendarDate) => {
    if (monthKey(date) !== monthKey(focused)) onFocusedMonthChange?.(monthKey(date));
    setFocused(date);
  };

  return (
    <I18nProvider locale={locale}>
      <Calendar
        aria-label={label ?? t('calendar.label')}
        className={[styles.calendar, className].filter(Boolean).join(' ')}
        value={value ? parseDate(value) : null}
        onChange={(date: CalendarDate) => onSelect(date.toString())}
        focusedValue={focused}
        onFocusChange={onFocusChange}
        minValue={bounds.min}
        maxValue={bounds.max}
        isDateUnavailable={(date) => !isSelectableDay(days.get(date.toString()))}
        visibleDuration={{ months: visibleMonths }}
        autoFocus={autoFocus}
      >
        <header className={styles.header}>
          <Button slot="previous" className={styles.nav} aria-label={t('calendar.previous_month')}>
            <span aria-hidden="true">‹</span>
          </Button>
          <CalendarHeading className={styles.heading} />
          <Button slot="next" className={styles.nav} aria-label={t('calendar.next_month')}>
            <span aria-hidden="true">›</span>
          </Button>
        </header>
        <div className={styles.months}>
          {Array.from({ length: visibleMonths }, (_, index) => (
            <div key={index} className={styles.month}>
              {index > 0 && (
                <CalendarHeading offset={{ months: index }} className={styles.heading} />
              )}
              <CalendarGrid offset={{ months: index }} className={styles.grid}>
                <CalendarGridHeader>
                  {(weekday) => <CalendarHeaderCell>{weekday}</CalendarHeaderCell>}
                </CalendarGridHeader>
                <CalendarGridBody>
                  {(date) => {
                    const day = days.get(date.toString());
                    return (
                      <CalendarCell
                        date={date}
                        // the day's own className (message rules) styles it beside ours
                        className={[styles.cell, day?.className].filter(Boolean).join(' ')}
                        data-state={dayState(day)}
                      >
                        {({ formattedDate, isOutsideMonth }) =>
                          isOutsideMonth ? null : (
                            <DayCellContent
                              day={day}
                              formattedDate={formattedDate}
                              showPrices={showPrices}
                              soldOutLabel={t('calendar.sold_out')}
                              currency={currency}
                              locale={locale}
                              allIn={allIn}
                            />
                          )
                        }
                      </CalendarCell>
                    );
                  }}
                </CalendarGridBody>
              </CalendarGrid>
            </div>
          ))}
        </div>
      </Calendar>
    </I18nProvider>
  );
}
