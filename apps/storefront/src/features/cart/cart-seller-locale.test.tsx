import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '@/testing/render-route';
import { createFetchStub } from '@/testing/fetch-stub';
import { makeSellerConfig } from '@/testing/seller-config';
import { admissionAndTourCart, listingOfThree, seedCart } from '@/features/cart/cart-test-kit';

const NOW = Date.parse('2026-06-01T14:00:00.000Z');

beforeAll(async () => {
  await import('@/features/cart/cart-sidebar');
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  localStorage.clear();
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

// issue #25: a UK seller's cart read "Tue, Jun 2, 2026 at 10:00 AM" and "$50.00"
describe("the cart in the seller's locale", () => {
  it('a UK seller reads day first on a 24-hour clock, in pounds', async () => {
    seedCart(admissionAndTourCart());
    const fetch = createFetchStub({
      'GET /cached_api/events/available': listingOfThree(),
      'GET /api/my/cart/:id': admissionAndTourCart(),
    });
    const config = makeSellerConfig({
      currency: 'GBP',
      locale: 'en-GB',
      timezone: 'Europe/London',
    });
    renderRoute('/events', { fetch, config });
    const widget = await screen.findByRole('complementary', { name: 'Your cart' });
    const admission = await within(widget).findByRole('listitem', { name: 'General Admission' });
    // the session reads in its venue's zone (the fixture's venue: 14:00 UTC is 10:00 in New York)
    expect(within(admission).getByText('Tue 2 Jun 2026, 10:00')).toBeInTheDocument();
    expect(within(admission).getByText('2 × Adult').nextSibling).toHaveTextContent('£50.00');
    expect(widget).not.toHaveTextContent(/\d{1,2}:\d{2} [AP]M/);
  });
});
