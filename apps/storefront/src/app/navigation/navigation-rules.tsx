import { useEffect, useRef } from 'react';
import { Navigate, useLocation } from 'react-router';
import { SCROLL_INTO_VIEW_DELAY_MS } from '@admit/contracts/constants';
import { useRouteName } from '@/ui/routing/route-handle';
import { setSkipUpsells } from '@/stores/cart-store';
import { cleanLocation } from '@/app/navigation/clean-location';

/** Rules 1 and 4 of identity §2: redirects in place, so the wrong address never stays in history. */
export function AddressRules() {
  const location = useLocation();
  const target = cleanLocation(location, useRouteName());
  // rule 4: a truthy expresscheckout is remembered as "skip upsells" before it is removed
  const expressCheckout = new URLSearchParams(location.search).get('expresscheckout');
  useEffect(() => {
    if (isTruthyParam(expressCheckout)) setSkipUpsells(true);
  }, [expressCheckout]);
  return target ? <Navigate to={target} replace /> : null;
}

/** A query flag is on unless absent, empty or a "no" word. */
function isTruthyParam(value: string | null): boolean {
  if (value === null) return false;
  return !['', '0', 'false', 'f', 'no', 'n', 'off'].includes(value.trim().toLowerCase());
}

function scrollToHash(hash: string): boolean {
  const id = decodeURIComponent(hash.slice(1));
  const element = id ? document.getElementById(id) : null;
  element?.scrollIntoView();
  return element !== null;
}

/**
 * spec: identity §2 rule 8 — scroll to the hash, or to the top when the route name changes;
 * inside a frame the parent page is asked to scroll to the top too.
 */
export function ScrollRules() {
  const { pathname, hash } = useLocation();
  const routeName = useRouteName();
  const previousRouteName = useRef<string | null | undefined>(undefined);

  useEffect(() => {
    const previous = previousRouteName.current;
    previousRouteName.current = routeName;
    if (hash) {
      if (scrollToHash(hash)) return;
      // the target may render a moment later (lazy content); try once more
      const timer = setTimeout(() => scrollToHash(hash), SCROLL_INTO_VIEW_DELAY_MS);
      return () => clearTimeout(timer);
    }
    if (previous === undefined || previous === routeName) return;
    window.scrollTo(0, 0);
    if (window.parent !== window) window.parent.postMessage({ type: 'scrollTop' }, '*');
  }, [pathname, hash, routeName]);

  return null;
}
