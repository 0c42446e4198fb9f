import type { TicketGroup } from '@admit/contracts/resources';
import type { TicketGroupWithTypes } from '@/api/events/event-detail';

const isSeated = (ticketGroup: Pick<TicketGroup, 'handler'>) => ticketGroup.handler === 'seated';

export function hasSeatedGroups(groups: readonly TicketGroupWithTypes[]): boolean {
  return groups.some(({ ticketGroup }) => isSeated(ticketGroup));
}

/** spec: shopping §4 — "When every group is a discount-code group it is a discount-code purchase". */
export function isDiscountCodePurchase(groups: readonly TicketGroupWithTypes[]): boolean {
  return groups.length > 0 && groups.every(({ ticketGroup }) => ticketGroup.handler === 'codes');
}
