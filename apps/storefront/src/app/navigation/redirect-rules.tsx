import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useSellerConfig } from '@/config/seller-config';
import { useRouteName } from '@/ui/routing/route-handle';
import { configuredRedirect } from '@/app/navigation/configured-redirect';
import { leaveSite } from '@/app/navigation/leave-site';

/** Rules 2 and 3 of identity §2: the seller's `web.redirects` send the visitor elsewhere. */
export function RedirectRules() {
  const { pathname, search, hash } = useLocation();
  const routeName = useRouteName();
  const config = useSellerConfig();
  const destination = configuredRedirect(
    config,
    { pathname, search, hash },
    routeName,
    window.location.origin,
  );
  useEffect(() => {
    if (destination) leaveSite(destination);
  }, [destination]);
  return null;
}
