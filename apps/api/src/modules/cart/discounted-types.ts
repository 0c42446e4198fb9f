import { minorToDecimal } from '@admit/contracts/money';
import type { TicketType } from '@admit/contracts/resources';
import { toTicketType } from '@/modules/catalog/mappers';
import { discountedAmount, type TotalsCode } from '@/modules/pricing/totals';
import type { BundleRows } from './bundle-repo';

/**
 * A ticket type of the bundle with its `discounted_amount` (shopping §3; decision 0075): its own
 * amount after the cart's codes, by the pricing model's rule (`discountedAmount`); null when no
 * code of the cart takes anything off it.
 */
export function withDiscountedAmount(
  type: BundleRows['types'][number],
  groups: BundleRows['groups'],
  codes: TotalsCode[],
): TicketType {
  const group = groups.find((g) => g.id === type.ticketGroupId);
  const discounted = group
    ? discountedAmount(
        {
          faceValue: type.amount,
          ticketTypeId: type.id,
          ticketGroupId: group.id,
          eventTemplateId: group.eventTemplateId,
          handler: group.handler,
        },
        codes,
      )
    : null;
  return {
    ...toTicketType(type),
    discounted_amount: discounted === null ? null : minorToDecimal(discounted),
  };
}
