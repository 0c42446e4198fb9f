import dayjs from 'dayjs';
import { DATE_FORMATS } from '@admit/contracts/constants';

/**
 * A scheduled payment's date in the cart's date pattern (shopping §9 'ddd, MMM D, YYYY').
 * `dueDate` is already a calendar day of the seller's time zone (YYYY-MM-DD), so it is read as
 * a plain local date: a zone conversion could only move it to another day.
 */
export function formatDueDate(dueDate: string): string {
  const [year, month, day] = dueDate.split('-').map(Number);
  return dayjs(new Date(year ?? 1970, (month ?? 1) - 1, day ?? 1)).format(DATE_FORMATS.cartDate);
}
