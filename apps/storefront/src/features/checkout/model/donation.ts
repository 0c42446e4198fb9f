import type { CartBundle } from '@admit/contracts/cart';
import { decimalToMinor, minorToDecimal } from '@admit/contracts/money';
import { flexibleAmountProblem } from '@admit/contracts/rules/flexible-amount';
import { isRangePrice } from '@admit/contracts/rules/price-display';
import type { TicketType } from '@admit/contracts/resources';
import type { CheckoutStringKey } from '@/features/checkout/strings';

/**
 * The donation upsell at checkout (identity §2 Checkout "donation"; decision 0019): the
 * configured donation group's types offered by amount, a flexible amount where the type has a
 * minimum or maximum (shopping §5 "Flexible price"; the rule is contracts' flexible-amount.ts,
 * shared with the reserve feature's one-ticket form).
 */

type Range = Pick<TicketType, 'currency_amount_min' | 'currency_amount_max'>;

export function isFlexibleAmount(type: Range): boolean {
  return isRangePrice(type);
}

/** A message to show: its key and the bounds it names, as wire money (the form formats them). */
export interface DonationMessage {
  key: CheckoutStringKey;
  min?: string;
  max?: string;
}

/** spec: shopping §5 — required, up to two decimals, within the type's min and max. */
export function validateDonationAmount(text: string, type: Range): DonationMessage | null {
  const problem = flexibleAmountProblem(text, type);
  if (!problem) return null;
  switch (problem.kind) {
    case 'empty':
      return { key: 'checkout.donation.required' };
    case 'not_positive':
      return { key: 'checkout.donation.not-positive' };
    case 'format':
      return { key: 'checkout.donation.format' };
    case 'out_of_range': {
      const { min, max } = problem;
      if (min !== null && max !== null) return { key: 'checkout.donation.out-of-range', min, max };
      return min !== null
        ? { key: 'checkout.donation.out-of-range-min', min }
        : { key: 'checkout.donation.out-of-range-max', max: max ?? '' };
    }
  }
}

/** A valid amount as wire money: "25" → "25.00". */
export const toDonationValue = (text: string) => minorToDecimal(decimalToMinor(text.trim()));

/** The cart's live donation tickets of this group (a donation already chosen). */
export function donationTickets(bundle: CartBundle, groupId: string) {
  return bundle.ticket._data.filter(
    (t) => t.ticket_group_id === groupId && t.state !== 'cancelled' && t.state !== 'unbooked',
  );
}
