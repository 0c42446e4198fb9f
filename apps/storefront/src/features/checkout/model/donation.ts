import type { CartBundle } from '@admit/contracts/cart';
import { decimalToMinor, minorToDecimal } from '@admit/contracts/money';
import type { TicketType } from '@admit/contracts/resources';
import type { CheckoutStringKey } from '@/features/checkout/strings';

/**
 * The donation upsell at checkout (identity §2 Checkout "donation"; decision 0019): the
 * configured donation group's types offered by amount, a flexible amount where the type has a
 * minimum or maximum (shopping §5 "Flexible price"). The reserve feature has the same rule for
 * its one-ticket form; features do not share internals, so the small check is repeated here.
 */

type Range = Pick<TicketType, 'currency_amount_min' | 'currency_amount_max'>;

export function isFlexibleAmount(type: Range): boolean {
  return type.currency_amount_min !== null || type.currency_amount_max !== null;
}

const AMOUNT = /^\d+(\.\d{1,2})?$/;

/** spec: shopping §5 — required, up to two decimals, within the type's min and max. */
export function validateDonationAmount(text: string, type: Range): CheckoutStringKey | null {
  const value = text.trim();
  if (value === '') return 'checkout.donation.required';
  if (!AMOUNT.test(value)) return 'checkout.donation.format';
  const minor = decimalToMinor(value);
  const min = type.currency_amount_min === null ? null : decimalToMinor(type.currency_amount_min);
  const max = type.currency_amount_max === null ? null : decimalToMinor(type.currency_amount_max);
  if ((min !== null && minor < min) || (max !== null && minor > max)) {
    return 'checkout.donation.out-of-range';
  }
  return null;
}

/** A valid amount as wire money: "25" → "25.00". */
export const toDonationValue = (text: string) => minorToDecimal(decimalToMinor(text.trim()));

/** The cart's live donation tickets of this group (a donation already chosen). */
export function donationTickets(bundle: CartBundle, groupId: string) {
  return bundle.ticket._data.filter(
    (t) => t.ticket_group_id === groupId && t.state !== 'cancelled' && t.state !== 'unbooked',
  );
}
