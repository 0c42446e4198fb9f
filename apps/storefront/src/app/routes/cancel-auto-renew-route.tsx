import { useCallback } from 'react';
import { CancelAutoRenewRoute } from '@/features/membership/cancel-auto-renew-route';
import { useOpenLoginDialog } from '@/features/login/use-open-login-dialog';

/** /manage/{ticketOrderId}/cancel-auto-renew with the login dialog it asks for when needed. */
export function ComposedCancelAutoRenewRoute() {
  const openLogin = useOpenLoginDialog();
  const requireLogin = useCallback(
    (onLoggedIn: () => void) => openLogin({ onLoggedIn }),
    [openLogin],
  );
  return <CancelAutoRenewRoute requireLogin={requireLogin} />;
}
