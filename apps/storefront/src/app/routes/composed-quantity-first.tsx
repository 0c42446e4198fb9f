import type { SelectionSlotProps } from '@/features/event/event-slots';
import { QuantityFirstReserve } from '@/features/reserve/flows/quantity-first/quantity-first-reserve';
import { LazySeatSelector } from '@/app/routes/lazy-seat-selector';

/** The quantity-first flow with the seat selector plugged in for seated sessions (issue #24). */
export function ComposedQuantityFirstReserve({ event }: SelectionSlotProps) {
  return <QuantityFirstReserve event={event} SeatSelector={LazySeatSelector} />;
}
