import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { clearAddOnChain } from '@/stores/add-on-chain-state';
import { CART_QUERY_ROOT } from '@/api/cart/cart-query-key';
import { useRouteName } from '@/ui/routing/route-handle';

/** The route names of checkout screens: the cart may have changed there (identity §2 rule 9). */
const CHECKOUT_ROUTE_NAMES = new Set(['checkout', 'manage-confirm']);

/**
 * Rules 7 and 9 of identity §2, run when the route name changes:
 * 7 — leaving any route other than the event route clears the upsell chain;
 * 9 — leaving checkout (or manage/checkout) refreshes every cart query, so the widget shows the
 *     server's cart after a payment, a code or a partial payment (decision 0014).
 */
export function RouteLeaveRules() {
  const routeName = useRouteName();
  const previous = useRef<string | null>(routeName);
  const queryClient = useQueryClient();

  useEffect(() => {
    const left = previous.current;
    previous.current = routeName;
    if (left === routeName) return;
    if (left !== 'event') clearAddOnChain();
    if (left !== null && CHECKOUT_ROUTE_NAMES.has(left)) {
      void queryClient.invalidateQueries({ queryKey: [CART_QUERY_ROOT] });
    }
  }, [routeName, queryClient]);

  // a new page frame (a reload, a test render) starts a new chain
  useEffect(() => clearAddOnChain, []);
  return null;
}
