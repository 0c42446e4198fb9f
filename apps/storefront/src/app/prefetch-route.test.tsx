import { Suspense } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { PrefetchContext } from '@/api/route-prefetch';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/app/query-client';
import { PrefetchRoute } from '@/app/prefetch-route';
import { eventTemplateBody, fixtureId, makeEventTemplate } from '@/testing/api-fixtures';
import { createFetchStub } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/render-route';
import { makeSellerConfig } from '@/testing/seller-config';

/** A page whose code never arrives: it suspends for good. */
function PageStillLoading(): never {
  throw new Promise(() => undefined);
}

describe('PrefetchRoute', () => {
  it("starts the route's reads while the page's code is still loading", async () => {
    const prefetch = vi.fn<(context: PrefetchContext) => void>();
    const config = makeSellerConfig();
    render(
      <AppProviders config={config} queryClient={createQueryClient()}>
        <MemoryRouter initialEntries={['/events/abc']}>
          <Routes>
            <Route
              path="/events/:id"
              element={
                <PrefetchRoute load={() => Promise.resolve(prefetch)}>
                  <Suspense fallback={<p>Loading page</p>}>
                    <PageStillLoading />
                  </Suspense>
                </PrefetchRoute>
              }
            />
          </Routes>
        </MemoryRouter>
      </AppProviders>,
    );
    expect(await screen.findByText('Loading page')).toBeInTheDocument();
    await waitFor(() => expect(prefetch).toHaveBeenCalled());
    const [context] = prefetch.mock.calls[0]!;
    expect(context.params).toEqual({ id: 'abc' });
    expect(context.config).toBe(config);
  });

  it('a failed prefetch chunk leaves the page to read for itself', async () => {
    render(
      <AppProviders config={makeSellerConfig()} queryClient={createQueryClient()}>
        <MemoryRouter>
          <PrefetchRoute load={() => Promise.reject(new Error('chunk failed'))}>
            <p>Page</p>
          </PrefetchRoute>
        </MemoryRouter>
      </AppProviders>,
    );
    expect(await screen.findByText('Page')).toBeInTheDocument();
  });

  it('the event page reads its event once: the prefetch and the page share the read', async () => {
    const id = fixtureId(1);
    const fetch = createFetchStub({
      'GET /cached_api/events/:id': eventTemplateBody({
        event_template: [makeEventTemplate({ id, name: 'General Admission' })],
      }),
    });
    renderRoute(`/events/${id}`, { fetch });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'General Admission' }),
    ).toBeInTheDocument();
    const reads = fetch.requests.filter((r) => r.url.pathname === `/cached_api/events/${id}`);
    expect(reads).toHaveLength(1);
  });
});
