import type { TicketGroup } from '@admit/contracts/resources';
import type { TicketGroupWithTypes } from '@/api/events/event-detail';
import type { Quantities } from '@/features/reserve/model/stepper-rules';

const isSeated = (ticketGroup: Pick<TicketGroup, 'handler'>) => ticketGroup.handler === 'seated';

export function hasSeatedGroups(groups: readonly TicketGroupWithTypes[]): boolean {
  return groups.some(({ ticketGroup }) => isSeated(ticketGroup));
}

/**
 * spec: shopping §5 — a seated group with tickets chosen needs its full seat set; until the seat
 * map exists (seats issue) no seat can be chosen, so any seated ticket needs "Find Seats".
 */
export function needsSeats(
  groups: readonly TicketGroupWithTypes[],
  quantities: Quantities,
): boolean {
  return groups.some(
    ({ ticketGroup, ticketTypes }) =>
      isSeated(ticketGroup) && ticketTypes.some((type) => (quantities[type.id] ?? 0) > 0),
  );
}

/** spec: shopping §4 — "When every group is a discount-code group it is a discount-code purchase". */
export function isDiscountCodePurchase(groups: readonly TicketGroupWithTypes[]): boolean {
  return groups.length > 0 && groups.every(({ ticketGroup }) => ticketGroup.handler === 'codes');
}
