import { queryOptions } from '@tanstack/react-query';
import type { CodeLookup } from '@admit/contracts/codes';
import { codeLookupRoute } from '@admit/contracts/routes/orders';
import { ApiError, call } from '@/api/client';

/**
 * GET code/{code}?mode=advertise,code (identity §7 "gift or promo code lookup"), never cached: a
 * code's uses change. A code the seller does not know is null.
 */
export async function getGiftCode(code: string, signal?: AbortSignal): Promise<CodeLookup | null> {
  try {
    const response = await call(codeLookupRoute, {
      params: { code },
      query: { mode: 'advertise,code' },
      signal,
    });
    return response.code._data[0] ?? null;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function giftCodeQueryOptions(code: string) {
  return queryOptions({
    queryKey: ['gift-code', code] as const,
    queryFn: ({ signal }) => getGiftCode(code, signal),
    staleTime: 0,
  });
}
