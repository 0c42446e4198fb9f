import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toCollection } from '@admit/contracts/envelope';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/app/query-client';
import { setSellerSlug } from '@/config/seller-slug';
import { useFeatureFlag } from '@/config/feature-flags';
import { useRefreshFeatureFlags } from '@/api/feature-flags/use-refresh-feature-flags';
import { createFetchStub, errorResponse } from '@/testing/fetch-stub';
import { makeSellerConfig } from '@/testing/seller-config';

let refresh: () => Promise<void> = async () => {};

function FlagProbe() {
  refresh = useRefreshFeatureFlags();
  const on = useFeatureFlag('new_checkout');
  return <p>{on ? 'flag on' : 'flag off'}</p>;
}

function renderProbe(flags: Record<string, boolean>) {
  const config = makeSellerConfig({ feature_flags: flags });
  setSellerSlug(config.seller.slug);
  return render(
    <AppProviders config={config} queryClient={createQueryClient({ retryBaseMs: 1 })}>
      <FlagProbe />
    </AppProviders>,
  );
}

/** identity §9 "Feature flags refresh manually" (decision 0061). */
describe('useFeatureFlag and the manual refresh', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads the config the page booted with, and changes only when refreshed', async () => {
    const fetch = createFetchStub({
      'GET /api/seller_config': {
        seller_config: toCollection([makeSellerConfig({ feature_flags: { new_checkout: true } })]),
      },
    });
    vi.stubGlobal('fetch', fetch);
    renderProbe({ new_checkout: false });
    expect(screen.getByText('flag off')).toBeInTheDocument();
    // nothing is read until asked: no polling
    expect(fetch.requests).toHaveLength(0);

    await act(() => refresh());
    await waitFor(() => expect(screen.getByText('flag on')).toBeInTheDocument());
    expect(fetch.requests).toHaveLength(1);
    // the uncached path: a flag the seller just changed is seen
    expect(fetch.requests[0]!.url.pathname).toBe('/api/seller_config');
  });

  it('an absent flag is off; a failed refresh keeps the flags and rejects', async () => {
    vi.stubGlobal(
      'fetch',
      createFetchStub({ 'GET /api/seller_config': errorResponse(500, 'internal_error') }),
    );
    renderProbe({});
    expect(screen.getByText('flag off')).toBeInTheDocument();
    let failure: unknown = null;
    await act(() => refresh().catch((error: unknown) => void (failure = error)));
    expect(failure).toBeInstanceOf(Error);
    expect(screen.getByText('flag off')).toBeInTheDocument();
  });
});
