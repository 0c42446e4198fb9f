import type { SelectionSlotProps } from '@/features/event/event-slots';
import { SingleEventReserve } from '@/features/reserve/flows/single-event/single-event-reserve';
import { LazySeatSelector } from '@/app/routes/lazy-seat-selector';

/** The single-event form with the seat selector plugged in (issue #24). */
export function ComposedSingleEventReserve({ event }: SelectionSlotProps) {
  return <SingleEventReserve event={event} SeatSelector={LazySeatSelector} />;
}
