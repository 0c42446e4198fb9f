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
  // in the effect: the origin is the browser's (a server render has none, decision 0044)
  useEffect(() => {
    const destination = configuredRedirect(
      config,
      { pathname, search, hash },
      routeName,
      window.location.origin,
    );
    if (destination) leaveSite(destination);
  }, [config, pathname, search, hash, routeName]);
  return null;
}
