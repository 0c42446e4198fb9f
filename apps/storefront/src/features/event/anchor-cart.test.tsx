import { screen, within } from '@testing-library/react';
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
import { cartBundle, makeTicket } from '@/testing/cart-fixtures';
import { createFetchStub } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/render-route';
import { makeSellerConfig } from '@/testing/seller-config';

const NOW = Date.parse('2026-06-01T14:00:00.000Z');
const TOUR_ID = fixtureId(2);

const tourBody = eventTemplateBody({
  event_template: [
    makeEventTemplate({ id: TOUR_ID, name: 'Highlights Tour', category: 'Add-ons' }),
  ],
  ticket_group: [makeTicketGroup({ id: fixtureId(102), event_template_id: TOUR_ID })],
  ticket_type: [makeTicketType({ id: fixtureId(203), ticket_group_id: fixtureId(102) })],
});

beforeAll(async () => {
  await import('@/features/event/event-route');
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  localStorage.clear();
});

afterEach(() => vi.useRealTimers());

describe('anchor events and the cart (shopping §2 rule 2)', () => {
  it('stops asking for an admission once the cart holds one', async () => {
    const admissionCart = cartBundle({ ticket: [makeTicket()] });
    setSellerSlug('demo-museum');
    setCartFromBundle(admissionCart);
    renderRoute(`/events/${TOUR_ID}`, {
      fetch: createFetchStub({
        'GET /cached_api/events/:id': tourBody,
        'GET /api/my/cart/:id': admissionCart,
      }),
      config: makeSellerConfig({ anchor_categories: ['Add-ons'] }),
    });

    const widget = await screen.findByRole('complementary', { name: 'Your cart' });
    await within(widget).findByRole('listitem', { name: 'General Admission' });
    expect(screen.queryByRole('link', { name: 'Choose admission tickets' })).toBeNull();
  });

  it('asks while the cart holds only add-ons', async () => {
    const addOnCart = cartBundle({
      event_template: [
        makeEventTemplate({ id: TOUR_ID, name: 'Highlights Tour', category: 'Add-ons' }),
      ],
      ticket: [makeTicket({ event_template_id: TOUR_ID })],
    });
    setSellerSlug('demo-museum');
    setCartFromBundle(addOnCart);
    renderRoute(`/events/${TOUR_ID}`, {
      fetch: createFetchStub({
        'GET /cached_api/events/:id': tourBody,
        'GET /api/my/cart/:id': addOnCart,
      }),
      config: makeSellerConfig({ anchor_categories: ['Add-ons'] }),
    });

    const widget = await screen.findByRole('complementary', { name: 'Your cart' });
    await within(widget).findByRole('listitem', { name: 'Highlights Tour' });
    expect(screen.getByRole('link', { name: 'Choose admission tickets' })).toBeInTheDocument();
  });
});
