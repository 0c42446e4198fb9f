import { lazy, Suspense } from 'react';
import type { SelectionSlotProps } from '@/features/event/event-slots';
import { SingleEventReserve } from '@/features/reserve/flows/single-event/single-event-reserve';
import type { SeatSelectorSlotProps } from '@/features/reserve/flows/single-event/seat-selector-slot';
import { SEATS_STRINGS } from '@/features/seats/strings';
import { Loader } from '@/ui/loader';
import { useStrings } from '@/ui/text/use-strings';

// a chunk of its own: only seated events draw the selector and its map, and they would
// otherwise load with every event page (issue #13, the event page's first load)
const SeatSelector = lazy(() =>
  import('@/features/seats/selector/seat-selector').then((m) => ({ default: m.SeatSelector })),
);

function LazySeatSelector(props: SeatSelectorSlotProps) {
  const t = useStrings(SEATS_STRINGS);
  return (
    <Suspense fallback={<Loader label={t('seats.loading')} />}>
      <SeatSelector {...props} />
    </Suspense>
  );
}

/**
 * The single-event form with the seat selector plugged in (issue #24): the seats feature and
 * the reserve feature never import each other; TypeScript checks here that the selector fits
 * the form's slot (`SeatSelectorSlotProps`).
 */
export function ComposedSingleEventReserve({ event }: SelectionSlotProps) {
  return <SingleEventReserve event={event} SeatSelector={LazySeatSelector} />;
}
