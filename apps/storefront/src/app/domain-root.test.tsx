import { screen, waitFor } from '@testing-library/react';
import { beforeAll, expect, it } from 'vitest';
import { renderRoute } from '@/testing/render-route';
import { createFetchStub } from '@/testing/fetch-stub';
import { makeSellerConfig } from '@/testing/seller-config';
import { ADMISSION_ID, listingBody } from '@/features/listing/listing-test-kit';
import { writePageCookie } from '@/stores/page-cookie';

/**
 * On the seller's own domain the storefront is the domain's root: the router base is empty
 * (contracts `router_base`, decision 0071), so its pages and links carry no slug, while its
 * calls still name the seller.
 */

const onDomain = makeSellerConfig({ router_base: '' });

beforeAll(async () => {
  await import('@/features/listing/listing-route');
});

it('draws the listing at /events with links to /events/{id}, no slug in the path', async () => {
  const fetch = createFetchStub({ 'GET /cached_api/events/available': listingBody() });
  const { router } = renderRoute('/events', { fetch, config: onDomain });
  const admission = await screen.findByRole('link', { name: 'General Admission' });
  expect(admission).toHaveAttribute('href', `/events/${ADMISSION_ID}`);
  expect(router.state.location.pathname).toBe('/events');
  const read = fetch.requests.find((r) => r.url.pathname === '/cached_api/events/available');
  expect(read?.url.searchParams.get('_seller')).toBe('demo-museum');
  await waitFor(() => expect(window.location.pathname).toBe('/events'));
});

it("keeps the page cookies to the whole host: they are the domain's pages", () => {
  renderRoute('/events', { config: onDomain });
  window.history.replaceState(null, '', '/checkout');
  writePageCookie('admit_probe', 'one');
  // a cookie of Path=/demo-museum would not show at /checkout
  expect(document.cookie).toContain('admit_probe=one');
  writePageCookie('admit_probe', null);
  expect(document.cookie).not.toContain('admit_probe=');
});
