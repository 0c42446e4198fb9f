import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSellerSlug } from '@/config/seller-slug';
import { setCartFromBundle } from '@/stores/cart-store';
import {
  eventTemplateBody,
  fixtureId,
  makeEventTemplate,
  makeTicketGroup,
  makeTicketType,
} from '@/testing/api-fixtures';
import { cartBundle, FIXTURE_CART_ID, makeTicket } from '@/testing/cart-fixtures';
import { createFetchStub } from '@/testing/fetch-stub';
import type { StubRequest } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/render-route';
import { makeSellerConfig } from '@/testing/seller-config';

const NOW = Date.parse('2026-06-01T14:00:00.000Z');
const TOUR_ID = fixtureId(2);
const CAFE_ID = fixtureId(3);

function addOnBody(id: string, name: string, n: number) {
  return eventTemplateBody({
    event_template: [makeEventTemplate({ id, name })],
    ticket_group: [makeTicketGroup({ id: fixtureId(100 + n), event_template_id: id })],
    ticket_type: [makeTicketType({ id: fixtureId(200 + n), ticket_group_id: fixtureId(100 + n) })],
  });
}
const bodies: Record<string, unknown> = {
  [TOUR_ID]: addOnBody(TOUR_ID, 'Highlights Tour', 2),
  [CAFE_ID]: addOnBody(CAFE_ID, 'Cafe Voucher', 3),
};
const admissionCart = cartBundle({ ticket: [makeTicket()] });

function renderAddOn(path: string) {
  setSellerSlug('demo-museum');
  setCartFromBundle(admissionCart);
  const fetch = createFetchStub({
    'GET /cached_api/events/:id': (request: StubRequest) =>
      bodies[request.url.pathname.split('/').at(-1) ?? ''],
    'GET /api/my/cart/:id': admissionCart,
  });
  const config = makeSellerConfig({ anchor_events: [TOUR_ID, CAFE_ID] });
  return { ...renderRoute(path, { fetch, config }), fetch };
}

async function skipLink(eventName: string) {
  await screen.findByRole('heading', { level: 1, name: eventName });
  const banner = await screen.findByRole('complementary', { name: 'Add-on' });
  return within(banner).getByRole('link', { name: 'skip add-on' });
}

const cartReads = (requests: StubRequest[]) =>
  requests.filter((r) => r.url.pathname === `/api/my/cart/${FIXTURE_CART_ID}`).length;

beforeAll(async () => {
  await import('@/features/event/event-route');
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  localStorage.clear();
});

afterEach(() => vi.useRealTimers());

describe('rule 7: the upsell chain is cleared after leaving a route other than the event route', () => {
  it('never skips back to an add-on of the chain while the visitor stays on event pages', async () => {
    const { router } = renderAddOn(`/events/${CAFE_ID}`);
    expect(await skipLink('Cafe Voucher')).toHaveAttribute('href', '/demo-museum/checkout');

    // back to the first add-on: the cafe was offered already, so skipping goes on to checkout
    await act(() => router.navigate(`/events/${TOUR_ID}`));
    expect(await skipLink('Highlights Tour')).toHaveAttribute('href', '/demo-museum/checkout');
  });

  it('starts a new chain once the visitor has been on another route', async () => {
    const { router } = renderAddOn(`/events/${CAFE_ID}`);
    await skipLink('Cafe Voucher');

    await act(() => router.navigate('/resend'));
    await screen.findByRole('heading', { level: 1, name: 'Resend order e-mail' });
    await act(() => router.navigate(`/events/${TOUR_ID}`));

    expect(await skipLink('Highlights Tour')).toHaveAttribute(
      'href',
      `/demo-museum/events/${CAFE_ID}`,
    );
  });
});

describe('rule 9: leaving checkout refreshes the cart', () => {
  it('reads the cart again when the visitor comes back from checkout', async () => {
    const { router, fetch } = renderAddOn(`/events/${TOUR_ID}`);
    await skipLink('Highlights Tour');
    expect(cartReads(fetch.requests)).toBe(1);

    await act(() => router.navigate('/checkout'));
    await screen.findByRole('heading', { level: 1, name: 'Checkout' });
    await act(() => router.navigate(`/events/${TOUR_ID}`));
    await skipLink('Highlights Tour');

    await vi.waitFor(() => expect(cartReads(fetch.requests)).toBe(2));
  });

  it('keeps the fresh cart when the visitor leaves another route', async () => {
    const { router, fetch } = renderAddOn(`/events/${TOUR_ID}`);
    await skipLink('Highlights Tour');

    await act(() => router.navigate('/resend'));
    await screen.findByRole('heading', { level: 1, name: 'Resend order e-mail' });
    await act(() => router.navigate(`/events/${TOUR_ID}`));
    await skipLink('Highlights Tour');

    expect(cartReads(fetch.requests)).toBe(1);
  });
});
