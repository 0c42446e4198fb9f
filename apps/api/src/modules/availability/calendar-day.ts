import type { CalendarDay } from '@admit/contracts/availability';
import { lowestAdvertisedPrice } from '@admit/contracts/rules/advertised-price';
import { prefixedPrice } from '@admit/contracts/rules/price-display';
import { formatLongDate } from '@admit/contracts/session-time';
import { formatCurrency, money, type PriceRange } from './pricing';
import type { Fit } from './selection-fit';

/** One calendar day from its sessions' fits (shopping §3 "Calendar day"). Pure. */

export interface DayInput {
  /** YYYY-MM-DD in the venue's zone */
  date: string;
  /** the states of the day's sessions (any order, repeats allowed) */
  fits: Fit[];
  /** capacity and use summed over the day's sessions; capacity -1 when one is unlimited */
  availability: { capacity: number; used_capacity: number };
  /** prices of the quoted types (null without any) */
  range: PriceRange | null;
  /** total of the selection in minor units at the day's lowest prices, when one was posted;
   * `varies`: a session of the day prices it higher (decision 0043) */
  selection: { total: number; varies: boolean } | null;
  annotations: string[];
  currency: string;
  /** the event's `web.price_display` primary prefix ("Adults") when `range` is its primary
   * type's alone (decision 0063); without one, "From" when prices differ */
  prefix?: string | null;
}

const STATUS_TEXT: Record<Fit, string> = {
  available: 'available',
  sold_out: 'sold out',
  unavailable: 'unavailable',
};

/** The day is available when one session is, sold out when capacity is all that is missing. */
export function dayStatus(fits: Fit[]): Fit {
  if (fits.includes('available')) return 'available';
  if (fits.includes('sold_out')) return 'sold_out';
  return 'unavailable';
}

/**
 * What the storefront adds to `min_price` to show the day's lowest price all in (decision 0048):
 * `outside` with every outside fee, `fixed` with the fixed ones alone. Each is the lowest
 * all-in price over the day's types less `min_price` (issue 22), so a dearer type whose fees are
 * smaller is the day's minimum when it is cheaper all in; with one type these are its fees.
 */
function minPriceFees(range: PriceRange) {
  const withFees = lowestAdvertisedPrice(range.offers, 'fees')!;
  const withTax = lowestAdvertisedPrice(range.offers, 'fees_and_tax')!;
  return { outside: money(withTax - range.min)!, fixed: money(withFees - range.min)! };
}

export function calendarDay(input: DayInput): CalendarDay {
  const status = dayStatus(input.fits);
  const { range } = input;
  // spec: shopping §9 — the default LONG_DATE (decision 0063)
  const longFormat = formatLongDate(input.date);
  const { selection } = input;
  const quoted = selection?.total ?? range?.min ?? null;
  const fromPrice =
    selection === null ? range !== null && range.min !== range.max : selection.varies;
  // a price display's prefix ("Adults") names what the price is; else "From" when prices differ
  const pricePrefix = input.prefix ?? (fromPrice ? 'From' : null);
  const label = [longFormat, STATUS_TEXT[status]];
  if (quoted !== null) {
    const amount = formatCurrency(quoted, input.currency);
    if (input.prefix) label.push(prefixedPrice(input.prefix, amount));
    else label.push(selection === null || fromPrice ? `from ${amount}` : amount);
  }
  const ariaLabel = label.join(', ');
  return {
    date: input.date,
    status,
    enabled: status === 'available',
    available: status === 'available',
    min_price: money(range?.min),
    min_price_fees: range ? minPriceFees(range) : null,
    price: money(quoted),
    pricePrefix,
    badges: [],
    annotations: input.annotations,
    className: null,
    tooltip:
      input.annotations.length > 0 ? `${ariaLabel}. ${input.annotations.join('. ')}` : ariaLabel,
    ariaLabel,
    longFormat,
    availability: input.availability,
  };
}
