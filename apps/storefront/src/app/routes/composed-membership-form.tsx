import { useCallback } from 'react';
import type { SelectionSlotProps } from '@/features/event/event-slots';
import { MembershipForm } from '@/features/reserve/flows/membership/membership-form';
import { useOpenLoginOrGuestDialog } from '@/features/login/login-or-guest-dialog';
import { useSellerConfig } from '@/config/seller-config';
import { offersLogin } from '@/app/navigation/offers-login';

/**
 * The membership form with the login-or-guest choice a gift asks for (shopping §6). A chunk of
 * its own: only membership events draw it, and its dialogs and fields would otherwise load with
 * every event page (issue #13, the event page's first load).
 */
export function ComposedMembershipForm({ event }: SelectionSlotProps) {
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
