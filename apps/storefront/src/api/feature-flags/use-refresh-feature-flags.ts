import { useCallback } from 'react';
import { useReplaceFeatureFlags } from '@/config/feature-flags';

/**
 * spec: identity §9 "Feature flags refresh manually" — flags are read at boot and again only
 * when this is called (decision 0061): no polling. A failed refresh keeps the flags the page has
 * and rejects, for the caller to handle.
 */
export function useRefreshFeatureFlags(): () => Promise<void> {
  const replace = useReplaceFeatureFlags();
  return useCallback(async () => {
    const { fetchFeatureFlags } = await import('@/api/feature-flags/fetch-feature-flags');
    replace(await fetchFeatureFlags());
  }, [replace]);
}
