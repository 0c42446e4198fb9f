import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSellerSlug } from '@/config/seller-slug';
import { setCartFromBundle } from '@/stores/cart-store';
import { upsellRedirect } from '@/features/listing/model/upsell-listing';
import { ADMISSION_ID, listingBody, TALK_ID, TOUR_ID } from '@/features/listing/listing-test-kit';
import { fixtureId, makeTicketGroup, makeTicketType } from '@/testing/api-fixtures';
import { cartBundle, makeTicket } from '@/testing/cart-fixtures';
import { createFetchStub } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/render-route';

const NOW = Date.parse('2026-06-01T14:00:00.000Z');
const AVAILABLE = 'GET /cached_api/events/available';

/** A cart holding tickets for the given events. */
function cartWith(...eventIds: string[]) {
  return cartBundle({
    ticket_group: eventIds.map((id, i) =>
      makeTicketGroup({ id: fixtureId(150 + i), event_template_id: id }),
    ),
    ticket_type: eventIds.map((_, i) =>
      makeTicketType({ id: fixtureId(250 + i), ticket_group_id: fixtureId(150 + i) }),
    ),
    ticket: eventIds.map((id, i) =>
      makeTicket({
        event_template_id: id,
        ticket_group_id: fixtureId(150 + i),
        ticket_type_id: fixtureId(250 + i),
      }),
    ),
  });
}

function arriveWithCart(path: string, bundle: ReturnType<typeof cartBundle>) {
  setSellerSlug('demo-museum');
  setCartFromBundle(bundle);
  return renderRoute(path, {
    fetch: createFetchStub({ [AVAILABLE]: listingBody(), 'GET /api/my/cart/:id': bundle }),
  });
}

beforeAll(async () => {
  await import('@/features/listing/listing-route');
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  localStorage.clear();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('upsell listing (shopping §2 "Event listing")', () => {
  it('offers the other experiences with a skip link when the cart has items', async () => {
    arriveWithCart('/events', cartWith(ADMISSION_ID));

    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'What other experiences would you like to add?',
      }),
    ).toBeInTheDocument();
    const main = screen.getByRole('region', {
      name: 'What other experiences would you like to add?',
    });
    expect(await within(main).findByRole('link', { name: 'Highlights Tour' })).toBeInTheDocument();
    expect(within(main).getByRole('link', { name: 'Curator Talk' })).toBeInTheDocument();
    // what is already in the cart is not offered again
    expect(within(main).queryByRole('link', { name: 'General Admission' })).toBeNull();
    expect(within(main).getByRole('link', { name: 'skip add-on' })).toHaveAttribute(
      'href',
      '/demo-museum/checkout',
    );
  });

  it('sends the visitor to /checkout when nothing is left to add', async () => {
    const { router } = arriveWithCart('/events', cartWith(ADMISSION_ID, TOUR_ID, TALK_ID));
    await waitFor(() => expect(router.state.location.pathname).toBe('/demo-museum/checkout'));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('sends the visitor with items and expresscheckout straight to /checkout', async () => {
    const { router } = arriveWithCart('/events?expresscheckout=1', cartWith(ADMISSION_ID));
    await waitFor(() => expect(router.state.location.pathname).toBe('/demo-museum/checkout'));
  });

  it('is the plain listing without a cart, even with expresscheckout', async () => {
    const { router } = renderRoute('/events?expresscheckout=true', {
      fetch: createFetchStub({ [AVAILABLE]: listingBody() }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Events' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/demo-museum/events');
  });
});

describe('upsellRedirect', () => {
  it('waits for the unfiltered list before deciding that nothing is left', () => {
    expect(upsellRedirect({ cartHasItems: true, skipUpsells: false, offerCount: null })).toBeNull();
    expect(upsellRedirect({ cartHasItems: true, skipUpsells: false, offerCount: 0 })).toBe(
      '/checkout',
    );
    expect(upsellRedirect({ cartHasItems: false, skipUpsells: true, offerCount: 0 })).toBeNull();
    expect(upsellRedirect({ cartHasItems: true, skipUpsells: true, offerCount: 3 })).toBe(
      '/checkout',
    );
  });
});
