import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSellerSlug } from '@/config/seller-slug';
import { nextAddOnRoute } from '@/features/event/model/add-on-chain';
import { setCartFromBundle } from '@/stores/cart-store';
import {
  eventTemplateBody,
  fixtureId,
  makeEventTemplate,
  makeTicketGroup,
  makeTicketType,
} from '@/testing/api-fixtures';
import { cartBundle, makeTicket } from '@/testing/cart-fixtures';
import { createFetchStub } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/render-route';
import { makeSellerConfig } from '@/testing/seller-config';

const NOW = Date.parse('2026-06-01T14:00:00.000Z');
const ADMISSION_ID = fixtureId(1);
const TOUR_ID = fixtureId(2);
const CAFE_ID = fixtureId(3);

const tourBody = eventTemplateBody({
  event_template: [makeEventTemplate({ id: TOUR_ID, name: 'Highlights Tour' })],
  ticket_group: [makeTicketGroup({ id: fixtureId(102), event_template_id: TOUR_ID })],
  ticket_type: [makeTicketType({ id: fixtureId(203), ticket_group_id: fixtureId(102) })],
});
const admissionCart = cartBundle({ ticket: [makeTicket()] });
const chainConfig = makeSellerConfig({ anchor_events: [TOUR_ID, CAFE_ID] });

function renderTour(cart = admissionCart, config = chainConfig) {
  setSellerSlug('demo-museum');
  setCartFromBundle(cart);
  return renderRoute(`/events/${TOUR_ID}`, {
    fetch: createFetchStub({
      'GET /cached_api/events/:id': tourBody,
      'GET /api/my/cart/:id': cart,
    }),
    config,
  });
}

beforeAll(async () => {
  await import('@/features/event/event-route');
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  localStorage.clear();
});

afterEach(() => vi.useRealTimers());

describe('the next route of a chained upsell (shopping §2)', () => {
  const config = { anchor_events: [TOUR_ID, CAFE_ID, fixtureId(4)], anchor_categories: [] };

  it('is the next configured add-on the cart does not hold, else checkout', () => {
    expect(nextAddOnRoute(TOUR_ID, config, new Set([ADMISSION_ID]), false)).toBe(
      `/events/${CAFE_ID}`,
    );
    expect(nextAddOnRoute(TOUR_ID, config, new Set([CAFE_ID]), false)).toBe(
      `/events/${fixtureId(4)}`,
    );
    expect(nextAddOnRoute(fixtureId(4), config, new Set(), false)).toBe('/checkout');
  });

  it('is checkout when upsells are skipped', () => {
    expect(nextAddOnRoute(TOUR_ID, config, new Set(), true)).toBe('/checkout');
  });
});

describe('add-on banner on the event page (shopping §2 "chained upsell")', () => {
  it('offers "skip add-on" to the next add-on while the cart has items', async () => {
    const { user, router } = renderTour();
    const banner = await screen.findByRole('complementary', { name: 'Add-on' });
    const skip = within(banner).getByRole('link', { name: 'skip add-on' });
    expect(skip).toHaveAttribute('href', `/demo-museum/events/${CAFE_ID}`);
    await user.click(skip);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/demo-museum/events/${CAFE_ID}`),
    );
  });

  it('skips to checkout when no other add-on is left', async () => {
    const cart = cartBundle({
      event_template: [makeEventTemplate(), makeEventTemplate({ id: CAFE_ID, name: 'Cafe' })],
      ticket: [makeTicket(), makeTicket({ event_template_id: CAFE_ID })],
    });
    renderTour(cart);
    const banner = await screen.findByRole('complementary', { name: 'Add-on' });
    expect(within(banner).getByRole('link', { name: 'skip add-on' })).toHaveAttribute(
      'href',
      '/demo-museum/checkout',
    );
  });

  it('does not show without items in the cart, nor on an event that is not an add-on', async () => {
    const empty = renderTour(cartBundle());
    await screen.findByRole('heading', { name: 'Highlights Tour', level: 1 });
    await screen.findByRole('complementary', { name: 'Your cart' });
    expect(screen.queryByRole('complementary', { name: 'Add-on' })).toBeNull();
    empty.unmount();

    renderTour(admissionCart, makeSellerConfig());
    const widget = await screen.findByRole('complementary', { name: 'Your cart' });
    await within(widget).findByRole('listitem', { name: 'General Admission' });
    expect(screen.queryByRole('complementary', { name: 'Add-on' })).toBeNull();
  });
});
