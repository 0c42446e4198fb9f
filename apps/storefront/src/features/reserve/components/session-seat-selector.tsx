import type { ComponentType } from 'react';
import type { TicketGroupWithTypes } from '@/api/events/event-detail';
import type { SeatSelectorSlotProps } from '@/features/reserve/seat-selector-slot';
import type { useSeatSlot } from '@/features/reserve/use-seat-slot';

export interface SessionSeatSelectorProps {
  /** the selector plugged in by the app shell (features/seats) */
  SeatSelector: ComponentType<SeatSelectorSlotProps>;
  eventId: string;
  sessionId: string;
  groups: readonly TicketGroupWithTypes[];
  quantities: Readonly<Record<string, number>>;
  controlId: string;
  seats: ReturnType<typeof useSeatSlot>;
  priceDisplay?: SeatSelectorSlotProps['priceDisplay'];
}

/**
 * The seat selector of a flow whose session is chosen on the page (date-first, quantity-first;
 * decision 0054). Keyed by the session: another session starts closed, with no picks, on its
 * own seat map.
 */
export function SessionSeatSelector({ SeatSelector, seats, ...slot }: SessionSeatSelectorProps) {
  return (
    <SeatSelector
      key={slot.sessionId}
      {...slot}
      showIssue={seats.showIssue}
      onReport={seats.setReport}
      onLoadError={seats.onLoadError}
      taken={seats.taken}
    />
  );
}
