import type { CalendarDay } from '@admit/contracts/availability';
import { decimalToMinor, formatMoney, minorToDecimal } from '@admit/contracts/money';
import { includedFees, type AllInPrices } from '@admit/contracts/rules/advertised-price';
import { prefixedPrice } from '@admit/contracts/rules/price-display';
import { dayState } from '@/ui/calendar/calendar-days';
import styles from '@/ui/calendar/calendar.module.css';

export interface DayCellContentProps {
  day: CalendarDay | undefined;
  formattedDate: string;
  showPrices: boolean;
  soldOutLabel: string;
  currency: string;
  locale: string;
  /** the seller's all-in setting (decision 0048) */
  allIn: AllInPrices;
}

/**
 * The day's lowest price as shown: `min_price` plus what the day's `min_price_fees` says the
 * lowest all-in price adds (all outside fees, or their fixed part), as the seller's prices
 * include them.
 */
export function shownDayPrice(day: CalendarDay, allIn: AllInPrices): string | null {
  if (day.min_price === null) return null;
  const fees = day.min_price_fees;
  const outside = fees ? decimalToMinor(fees.outside) : 0;
  const fixed = fees?.fixed !== undefined ? decimalToMinor(fees.fixed) : outside;
  const included = includedFees({ fixed, percent: outside - fixed }, allIn);
  return minorToDecimal(decimalToMinor(day.min_price) + included);
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
  allIn,
}: DayCellContentProps) {
  const state = dayState(day);
  const shown = showPrices && state === 'available' && day ? shownDayPrice(day, allIn) : null;
  const price = shown
    ? prefixedPrice(day?.pricePrefix, formatMoney(shown, currency, locale))
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
