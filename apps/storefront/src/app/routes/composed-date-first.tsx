import type { SelectionSlotProps } from '@/features/event/event-slots';
import { DateFirstReserve } from '@/features/reserve/flows/date-first/date-first-reserve';
import { LazySeatSelector } from '@/app/routes/lazy-seat-selector';

/** The date-first page with the seat selector plugged in for seated sessions (issue #24). */
export function ComposedDateFirstReserve(props: SelectionSlotProps) {
  return <DateFirstReserve {...props} SeatSelector={LazySeatSelector} />;
}
