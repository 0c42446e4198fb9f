import { lazy, Suspense } from 'react';
import type { SeatSelectorSlotProps } from '@/features/reserve/seat-selector-slot';
import { SEATS_STRINGS } from '@/features/seats/strings';
import { Loader } from '@/ui/loader';
import { useStrings } from '@/ui/text/use-strings';

// a chunk of its own: only seated events draw the selector and its map, and they would
// otherwise load with every event page (issue #13, the event page's first load)
const SeatSelector = lazy(() =>
  import('@/features/seats/selector/seat-selector').then((m) => ({ default: m.SeatSelector })),
);

/**
 * The seats feature's selector in the reserve forms' slot (issue #24, decision 0054): the two
 * features never import each other; TypeScript checks here that the selector fits the slot.
 */
export function LazySeatSelector(props: SeatSelectorSlotProps) {
  const t = useStrings(SEATS_STRINGS);
  return (
    <Suspense fallback={<Loader label={t('seats.loading')} />}>
      <SeatSelector {...props} />
    </Suspense>
  );
}
