import type { CalendarDay } from '@admit/contracts/availability';
import { formatMoney } from '@admit/contracts/money';
import { dayState } from '@/ui/calendar/calendar-days';
import styles from '@/ui/calendar/calendar.module.css';

export interface DayCellContentProps {
  day: CalendarDay | undefined;
  formattedDate: string;
  showPrices: boolean;
  soldOutLabel: string;
  currency: string;
  locale: string;
}

/**
 * What a day shows under its number (shopping §2): the lowest price with its prefix, the
 * annotations, or the "Sold out" marker. The day's own ariaLabel/tooltip (message rules) is read
 * out after the date because the cell's accessible name is the date itself.
 */
export function DayCellContent({
  day,
  formattedDate,
  showPrices,
  soldOutLabel,
  currency,
  locale,
}: DayCellContentProps) {
  const state = dayState(day);
  const price =
    showPrices && state === 'available' && day?.min_price
      ? [day.pricePrefix, formatMoney(day.min_price, currency, locale)].filter(Boolean).join(' ')
      : null;
  const note = day ? [day.ariaLabel, day.tooltip].filter(Boolean).join('. ') : '';
  return (
    <span className={styles.cellContent} title={day?.tooltip ?? undefined}>
      <span className={styles.dayNumber}>{formattedDate}</span>
      {state === 'sold_out' && <span className={styles.soldOut}>{soldOutLabel}</span>}
      {price && <span className={styles.price}>{price}</span>}
      {day?.annotations.map((annotation) => (
        <span key={annotation} className={styles.annotation}>
          {annotation}
        </span>
      ))}
      {note && <span className="visually-hidden">{note}</span>}
    </span>
  );
}
