import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toCollection } from '@admit/contracts/envelope';
import { setSellerSlug } from '@/config/seller-slug';
import { setCartFromBundle } from '@/stores/cart-store';
import { fixtureId } from '@/testing/api-fixtures';
import { cartWithTimedItem } from '@/testing/timed-cart-fixtures';
import { createFetchStub } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/render-route';
import { makeSellerConfig } from '@/testing/seller-config';
import type { SellerConfig } from '@admit/contracts/seller-config';
import {
  EVENT_ID,
  eventBody,
  saturdayReads,
  setUpDateFirstRouteTests,
} from '@/features/reserve/flows/date-first/date-first-test-kit';

const NEXT_ADD_ON = fixtureId(77);
/** An admission 9:55–10:25 AM (New York) on Saturday 2026-11-21 makes this event an add-on. */
const admissionCart = () =>
  cartWithTimedItem('2026-11-21T14:55:00.000Z', '2026-11-21T15:25:00.000Z');

function addOnBody() {
  const body = eventBody({ tabs: false });
  body.config = toCollection([
    {
      id: fixtureId(6000),
      resource: 'event_template',
      resource_id: EVENT_ID,
      key: 'web.ecommerce',
      value: { visit_time: 'same_date' },
    },
  ]);
  return body;
}

function mockViewport(phone: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: phone && query === '(max-width: 768px)',
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

function render(config: SellerConfig) {
  const cart = admissionCart();
  setSellerSlug(config.seller.slug);
  setCartFromBundle(cart);
  return renderRoute(`/events/${EVENT_ID}`, {
    config,
    fetch: createFetchStub({
      'GET /cached_api/events/:id': addOnBody(),
      ...saturdayReads(),
      'GET /api/my/cart/:id': cart,
    }),
  });
}

const chain = makeSellerConfig({ anchor_events: [EVENT_ID, NEXT_ADD_ON] });

setUpDateFirstRouteTests();
afterEach(() => vi.unstubAllGlobals());

describe(
  'mobile footer "skip add-on" (shopping §2 date-first reserve page)',
  { timeout: 15_000 },
  () => {
    it('on a phone, offers "skip add-on" to the next add-on until tickets are chosen', async () => {
      mockViewport(true);
      const { user } = render(chain);
      const footer = await screen.findByTestId('reserve-footer');
      const skip = await within(footer).findByRole('link', { name: 'skip add-on' });
      expect(skip.getAttribute('href')).toMatch(new RegExp(`/events/${NEXT_ADD_ON}$`));

      await user.click(
        await screen.findByRole('button', { name: 'Sat 21 Nov Saturday, November 21, 2026' }),
      );
      await user.click(await screen.findByRole('radio', { name: /10:00 AM/ }));
      await user.click(await screen.findByRole('button', { name: 'Increase Adult' }));
      await waitFor(() =>
        expect(within(footer).queryByRole('link', { name: 'skip add-on' })).not.toBeInTheDocument(),
      );
      await user.click(screen.getByRole('button', { name: 'Decrease Adult' }));
      expect(await within(footer).findByRole('link', { name: 'skip add-on' })).toBeInTheDocument();
    });

    it('goes to checkout when this is the last add-on', async () => {
      mockViewport(true);
      render(makeSellerConfig({ anchor_events: [EVENT_ID] }));
      const footer = await screen.findByTestId('reserve-footer');
      const skip = await within(footer).findByRole('link', { name: 'skip add-on' });
      expect(skip.getAttribute('href')).toMatch(/\/checkout$/);
    });

    it('is not in the footer on a wide screen, nor on an event that is no add-on', async () => {
      mockViewport(false);
      const { unmount } = render(chain);
      const footer = await screen.findByTestId('reserve-footer');
      await screen.findByRole('button', { name: 'Sat 21 Nov Saturday, November 21, 2026' });
      expect(within(footer).queryByRole('link', { name: 'skip add-on' })).not.toBeInTheDocument();
      unmount();

      mockViewport(true);
      render(makeSellerConfig({ anchor_events: [] }));
      const plainFooter = await screen.findByTestId('reserve-footer');
      await screen.findByRole('button', { name: 'Sat 21 Nov Saturday, November 21, 2026' });
      expect(
        within(plainFooter).queryByRole('link', { name: 'skip add-on' }),
      ).not.toBeInTheDocument();
    });
  },
);
