import { useMemo } from 'react';
import type { EventDetail } from '@/api/events/event-detail';
import { useCart } from '@/api/cart/get-cart';
import type { SessionConstraints } from '@/features/reserve/model/session-constraints';
import { sessionConstraints } from '@/features/reserve/model/session-constraints';
import { useSellerConfig } from '@/config/seller-config';

/** The live cart's constraints on the sessions and dates a reserve form offers for `event`. */
export function useSessionConstraints(event: EventDetail): SessionConstraints {
  const config = useSellerConfig();
  const { bundle } = useCart();
  return useMemo(() => sessionConstraints(event, bundle, config), [event, bundle, config]);
}
