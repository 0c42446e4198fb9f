import { queryOptions, useQuery } from '@tanstack/react-query';
import { savedPaymentMethodRoute } from '@admit/contracts/routes/identity';
import type { SavedPaymentMethod } from '@admit/contracts/saved-payment-method';
import { call } from '@/api/client';
import { ACCOUNT_QUERY_ROOT, useAccountOwner } from '@/features/account/api/account-query-key';

/**
 * GET my/identity/saved_payment_method (identity §7, uncached): the member's newest saved card,
 * the one auto-renew charges (decision 0038), or null.
 */
export async function getSavedPaymentMethod(
  signal?: AbortSignal,
): Promise<SavedPaymentMethod | null> {
  const body = await call(savedPaymentMethodRoute, { signal });
  return body.saved_payment_method._data[0] ?? null;
}

export function savedPaymentMethodQueryOptions(owner: string, enabled: boolean) {
  return queryOptions({
    queryKey: [ACCOUNT_QUERY_ROOT, owner, 'saved_payment_method'] as const,
    queryFn: ({ signal }) => getSavedPaymentMethod(signal),
    // spec: identity §7 "uncached" — read afresh whenever the page shows it
    staleTime: 0,
    enabled,
  });
}

/**
 * spec: identity §2 "Saved payment methods and membership rules load only if the user has a
 * membership": `enabled` is that condition.
 */
export function useSavedPaymentMethod(enabled: boolean) {
  return useQuery(savedPaymentMethodQueryOptions(useAccountOwner(), enabled));
}
