import type { SelectionSlotProps } from '@/features/event/event-slots';
import { SingleEventReserve } from '@/features/reserve/flows/single-event/single-event-reserve';
import { SeatSelector } from '@/features/seats/selector/seat-selector';

/**
 * The single-event form with the seat selector plugged in (issue #24): the seats feature and
 * the reserve feature never import each other; TypeScript checks here that the selector fits
 * the form's slot (`SeatSelectorSlotProps`).
 */
export function ComposedSingleEventReserve({ event }: SelectionSlotProps) {
  return <SingleEventReserve event={event} SeatSelector={SeatSelector} />;
}
