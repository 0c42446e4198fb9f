import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CartBundle } from '@admit/contracts/cart';
import { toCollection } from '@admit/contracts/envelope';
import { setSellerSlug } from '@/config/seller-slug';
import { setCartFromBundle } from '@/stores/cart-store';
import { fixtureId, makeMeta } from '@/testing/api-fixtures';
import { cartWithTimedItem } from '@/testing/timed-cart-fixtures';
import { createFetchStub } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/render-route';
import { makeSellerConfig } from '@/testing/seller-config';
import type { Meta } from '@admit/contracts/resources';
import {
  EVENT_ID,
  eventBody,
  saturday,
  saturdayReads,
  setUpDateFirstRouteTests,
} from '@/features/reserve/flows/date-first/date-first-test-kit';

const SATURDAY = 'Saturday, November 21, 2026';
/** a date button's name: what it shows, then the full date (label in name) */
const SATURDAY_BUTTON = `Sat 21 Nov ${SATURDAY}`;
/** A cart holding a 12:55–1:20 PM planetarium show (New York) on Saturday 2026-11-21. */
const showCart = (start = '2026-11-21T17:55:00.000Z', end = '2026-11-21T18:20:00.000Z') =>
  cartWithTimedItem(start, end);

function museumBody(ecommerce: Record<string, unknown> = {}, meta: Meta[] = []) {
  const body = eventBody({ tabs: false, meta });
  body.config = toCollection([
    {
      id: fixtureId(6000),
      resource: 'event_template',
      resource_id: EVENT_ID,
      key: 'web.ecommerce',
      value: ecommerce,
    },
  ]);
  return body;
}

function render(
  cart: CartBundle,
  body = museumBody(),
  config = makeSellerConfig(),
  search = '',
): ReturnType<typeof renderRoute> {
  setSellerSlug(config.seller.slug);
  setCartFromBundle(cart);
  return renderRoute(`/events/${EVENT_ID}${search}`, {
    config,
    fetch: createFetchStub({
      'GET /cached_api/events/:id': body,
      ...saturdayReads(),
      'GET /api/my/cart/:id': cart,
    }),
  });
}

async function sessionTimes(user: ReturnType<typeof renderRoute>['user']) {
  await user.click(await screen.findByRole('button', { name: SATURDAY_BUTTON }));
  const picker = await screen.findByRole('group', { name: /time/i });
  return () =>
    within(picker)
      .queryAllByRole('radio')
      .map((radio) => radio.parentElement!.textContent);
}

setUpDateFirstRouteTests();

describe('date-first session picker and the cart', { timeout: 15_000 }, () => {
  it('hides the session that clashes with a timed cart item (shopping §5 "Session conflicts")', async () => {
    const { user } = render(showCart());
    const times = await sessionTimes(user);
    // 1:00 PM starts inside the show; 10:00 and the sold-out 10:30 AM stay
    await waitFor(() => expect(times().join('|')).not.toMatch(/1:00/));
    expect(times().join('|')).toMatch(/10:00 AM/);
    expect(times().join('|')).toMatch(/10:30 AM/);
  });

  it('pads by 5 minutes unless the event meta says otherwise', async () => {
    // a show ending at 12:57 PM: within 5 minutes of 1:00 PM, clear of it with no pad
    const cart = showCart('2026-11-21T17:30:00.000Z', '2026-11-21T17:57:00.000Z');
    const first = render(cart);
    let times = await sessionTimes(first.user);
    await waitFor(() => expect(times().join('|')).not.toMatch(/1:00/));
    first.unmount();

    const unpadded = museumBody({}, [
      makeMeta(EVENT_ID, 'pad_pre_start', '0'),
      makeMeta(EVENT_ID, 'pad_post_end', '0'),
    ]);
    const second = render(cart, unpadded);
    times = await sessionTimes(second.user);
    await screen.findByText(/1:00 PM/);
    expect(times()).toHaveLength(3);
  });

  it('treats a ?session= that clashes with the cart as not found (shopping §5)', async () => {
    render(showCart(), museumBody(), makeSellerConfig(), `?session=${saturday[2]!.id}`);
    expect(await screen.findByText('Sorry, the selected time is not found')).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: /1:00 PM/ })).toBeNull();
  });

  it('keeps every session for an event excluded from conflicts', async () => {
    const { user } = render(showCart(), museumBody({ exclude_from_session_conflicts: true }));
    const times = await sessionTimes(user);
    await screen.findByText(/1:00 PM/);
    expect(times()).toHaveLength(3);
  });
});

describe(
  'date-first page of an anchor add-on (shopping §4 "Anchor cart")',
  { timeout: 15_000 },
  () => {
    const anchorConfig = makeSellerConfig({ anchor_events: [EVENT_ID] });

    it('same_date offers only the date of the visit, with the explanation', async () => {
      render(showCart(), museumBody({ visit_time: 'same_date' }), anchorConfig);
      const dates = await screen.findByRole('group', { name: 'Date' });
      await screen.findByText(
        /Add-ons must fit your visit: only times within Saturday, November 21, 2026/,
      );
      await waitFor(() =>
        expect(
          within(dates)
            .getAllByRole('button')
            .map((b) => b.getAttribute('aria-label') ?? b.textContent),
        ).toHaveLength(1),
      );
      expect(within(dates).getByRole('button', { name: SATURDAY_BUTTON })).toBeInTheDocument();
    });

    it('timeslot offers only the sessions during the admission, which is no conflict', async () => {
      // the admission 9:55 AM–10:25 AM
      const cart = showCart('2026-11-21T14:55:00.000Z', '2026-11-21T15:25:00.000Z');
      const { user } = render(cart, museumBody({ visit_time: 'timeslot' }), anchorConfig);
      const times = await sessionTimes(user);
      await waitFor(() => expect(times()).toHaveLength(1));
      expect(times()[0]).toMatch(/10:00 AM/);
    });
  },
);
