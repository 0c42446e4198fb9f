import { useCallback } from 'react';
import { EventRoute } from '@/features/event/event-route';
import type { EventSlots, SelectionSlotProps } from '@/features/event/event-slots';
import { CartSidebar } from '@/features/cart/cart-sidebar';
import { DateFirstReserve } from '@/features/reserve/flows/date-first/date-first-reserve';
import { QuantityFirstReserve } from '@/features/reserve/flows/quantity-first/quantity-first-reserve';
import { OneTicketOnlyForm } from '@/features/reserve/flows/one-ticket/one-ticket-only-form';
import { SingleEventReserve } from '@/features/reserve/flows/single-event/single-event-reserve';
import { MembershipForm } from '@/features/reserve/flows/membership/membership-form';
import { useOpenLoginOrGuestDialog } from '@/features/login/login-or-guest-dialog';
import { useSellerConfig } from '@/config/seller-config';
import { offersLogin } from '@/app/navigation/checkout-entry-rules';

/** The membership form with the login-or-guest choice a gift asks for (shopping §6). */
function ComposedMembershipForm({ event }: SelectionSlotProps) {
  // choosing the guest needs nothing more: the recipient form is already there
  const onGuest = useCallback(() => undefined, []);
  const askLoginOrGuest = useOpenLoginOrGuestDialog(onGuest);
  const { authentication_method } = useSellerConfig();
  return (
    <MembershipForm
      event={event}
      askLoginOrGuest={offersLogin(authentication_method) ? askLoginOrGuest : undefined}
    />
  );
}

/** The event page with the other features plugged in (features never import each other). */
const slots: EventSlots = {
  selection: {
    date_first: DateFirstReserve,
    quantity_first: QuantityFirstReserve,
    one_ticket: OneTicketOnlyForm,
    single_event: SingleEventReserve,
    membership: ComposedMembershipForm,
  },
  sidebar: CartSidebar,
};

export function ComposedEventRoute() {
  return <EventRoute slots={slots} />;
}
