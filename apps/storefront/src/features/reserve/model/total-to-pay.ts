import { minorToDecimal } from '@admit/contracts/money';
import { priceToPay } from '@admit/contracts/rules/price-display';
import type { useShownPriceMinor } from '@/config/use-shown-price';
import type { GroupDetails } from '@/features/reserve/model/ticket-details';
import type { Quantities } from '@/features/reserve/model/stepper-rules';

/**
 * The footer's total: each ticket at its shown price (decision 0048) — its `discounted_amount`
 * when it has a lower one (decision 0063) — as the steppers say.
 */
export function totalToPay(
  groups: readonly GroupDetails[],
  quantities: Quantities,
  shownMinor: ReturnType<typeof useShownPriceMinor>,
): string {
  const minor = groups
    .flatMap((group) => group.ticketTypes)
    .reduce(
      (sum, type) =>
        sum + shownMinor(priceToPay(type, type.currency_amount), type) * (quantities[type.id] ?? 0),
      0,
    );
  return minorToDecimal(minor);
}
