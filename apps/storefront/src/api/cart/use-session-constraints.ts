import { useMemo } from 'react';
import type { EventDetail } from '@/api/events/event-detail';
import { useCart } from '@/api/cart/get-cart';
import type { SessionConstraints } from '@/api/cart/session-constraints';
import { sessionConstraints } from '@/api/cart/session-constraints';
import { useSellerConfig } from '@/ui/config/seller-config';

/** The live cart's constraints on the sessions and dates a reserve form offers for `event`. */
export function useSessionConstraints(event: EventDetail): SessionConstraints {
  const config = useSellerConfig();
  const { bundle } = useCart();
  return useMemo(() => sessionConstraints(event, bundle, config), [event, bundle, config]);
}
