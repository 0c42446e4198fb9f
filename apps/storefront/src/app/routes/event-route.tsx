import { EventRoute } from '@/features/event/event-route';
import type { EventSlots } from '@/features/event/event-slots';

/** The event page with the other features plugged in (features never import each other). */
const slots: EventSlots = {
  selection: {},
};

export function ComposedEventRoute() {
  return <EventRoute slots={slots} />;
}
