import { createContext, useContext } from 'react';
import type { ComponentType, ReactNode } from 'react';
import type { EventDetail } from '@/api/events/event-detail';
import type { SelectionAreaKind } from '@/features/event/model/select-selection-area';

/**
 * What a reserve form plugged into the selection area is given: the event, and where the
 * chained upsell's "skip add-on" leads (null when the event is not an add-on offered now).
 */
export interface SelectionSlotProps {
  event: EventDetail;
  skipAddOnTo: string | null;
}

/**
 * What other features plug into the event page. The app layer composes them (features never
 * import each other): reserve forms per selection kind, the sidebar (the cart widget) and the
 * welcome banner's membership details.
 * A kind without a form shows the ticket-group panel.
 */
export interface EventSlots {
  selection?: Partial<Record<SelectionAreaKind, ComponentType<SelectionSlotProps>>>;
  sidebar?: ComponentType;
  /** the member's action in the welcome banner: the membership details (decision 0080) */
  memberDetails?: ComponentType;
}

const EventSlotsContext = createContext<EventSlots>({});

export function EventSlotsProvider({
  slots,
  children,
}: {
  slots: EventSlots;
  children: ReactNode;
}) {
  return <EventSlotsContext.Provider value={slots}>{children}</EventSlotsContext.Provider>;
}

export function useEventSlots(): EventSlots {
  return useContext(EventSlotsContext);
}
