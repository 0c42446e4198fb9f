import { lazy } from 'react';
import { EventRoute } from '@/features/event/event-route';
import type { EventSlots } from '@/features/event/event-slots';
import { CartSidebar } from '@/features/cart/cart-sidebar';
import { ViewMembershipDetailsButton } from '@/features/account/use-open-membership-details';
import { OneTicketOnlyForm } from '@/features/reserve/flows/one-ticket/one-ticket-only-form';
import { ComposedSingleEventReserve } from '@/app/routes/composed-single-event';
import { ComposedDateFirstReserve } from '@/app/routes/composed-date-first';
import { ComposedQuantityFirstReserve } from '@/app/routes/composed-quantity-first';

// the selection area suspends on it with a loader of its own (features/event/selection-area)
const MembershipForm = lazy(() =>
  import('@/app/routes/composed-membership-form').then((m) => ({
    default: m.ComposedMembershipForm,
  })),
);

/** The event page with the other features plugged in (features never import each other). */
const slots: EventSlots = {
  selection: {
    date_first: ComposedDateFirstReserve,
    quantity_first: ComposedQuantityFirstReserve,
    one_ticket: OneTicketOnlyForm,
    single_event: ComposedSingleEventReserve,
    membership: MembershipForm,
  },
  sidebar: CartSidebar,
  memberDetails: ViewMembershipDetailsButton,
};

export function ComposedEventRoute() {
  return <EventRoute slots={slots} />;
}
