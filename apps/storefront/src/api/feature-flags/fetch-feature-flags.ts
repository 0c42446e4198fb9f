import { sellerConfigRoute } from '@admit/contracts/routes/catalog';
import { call } from '@/api/client';

/**
 * The seller's current feature flags: GET /api/seller_config on the uncached path, so a flag the
 * seller just changed is seen (a chunk of its own: the config's schema is not in the first load).
 */
export async function fetchFeatureFlags(): Promise<Record<string, boolean>> {
  const body = await call(sellerConfigRoute, { cached: false });
  return body.seller_config._data[0]!.feature_flags;
}
