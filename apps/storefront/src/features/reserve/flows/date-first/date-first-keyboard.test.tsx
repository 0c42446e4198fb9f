import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cartBundle } from '@/testing/cart-fixtures';
import { eventTemplateBody, fixtureId, makeEventTemplate } from '@/testing/api-fixtures';
import { createFetchStub } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/render-route';
import { makeSellerConfig } from '@/testing/seller-config';
import { cartWithTimedItem } from '@/testing/timed-cart-fixtures';
import {
  calendarBody,
  EVENT_ID,
  eventBody,
  flexGroup,
  flexTypes,
  saturday,
  sessionsBody,
  timedGroup,
  timedTypes,
  setUpDateFirstRouteTests,
} from '@/features/reserve/flows/date-first/date-first-test-kit';

function fixtures(event = eventBody(), cart = cartBundle()) {
  return createFetchStub({
    'GET /cached_api/events/:id': event,
    'GET /cached_api/events/:id/calendar': calendarBody(),
    'GET /api/events/:id/sessions': sessionsBody(saturday),
    'POST /api/my/cart/modify': cart,
    'GET /api/my/cart/:id': cart,
    // the upsell listing: one more event to add
    'GET /cached_api/events/available': eventTemplateBody({
      event_template: [makeEventTemplate({ id: fixtureId(7), name: 'Highlights Tour' })],
    }),
  });
}

setUpDateFirstRouteTests();

// issue 13: the date-first page by keyboard, without a Tab press per date or a lost focus
describe('date-first reserve page by keyboard', { timeout: 15_000 }, () => {
  it('makes the date buttons one Tab stop, moved through with the arrow keys', async () => {
    const { user } = renderRoute(`/events/${EVENT_ID}`, { fetch: fixtures() });
    const dates = await screen.findByRole('toolbar', { name: 'Date' });
    const buttons = within(dates).getAllByRole('button');
    expect(buttons).toHaveLength(8);
    // only the first date is in the tab order until one is chosen
    expect(buttons.map((b) => b.tabIndex)).toEqual([0, -1, -1, -1, -1, -1, -1, -1]);

    buttons[0]!.focus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Show more dates' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(buttons[0]).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowLeft}');
    expect(buttons[1]).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(buttons[1]).toHaveAttribute('aria-pressed', 'true');
    // leaving the row and coming back lands on the chosen date
    await user.tab();
    await user.tab({ shift: true });
    expect(buttons[1]).toHaveFocus();
  });

  it('moves between the session tabs with the arrow keys, one Tab stop for the list', async () => {
    const { user } = renderRoute(`/events/${EVENT_ID}`, { fetch: fixtures() });
    await user.click(await screen.findByRole('button', { name: /Saturday, November 21, 2026/ }));
    const morning = await screen.findByRole('tab', { name: 'Morning' });
    const afternoon = screen.getByRole('tab', { name: 'Afternoon' });
    expect(morning).toHaveAttribute('tabindex', '0');
    expect(afternoon).toHaveAttribute('tabindex', '-1');

    morning.focus();
    await user.keyboard('{ArrowRight}');
    expect(afternoon).toHaveFocus();
    expect(afternoon).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('radio', { name: /1:00 PM/ })).toBeInTheDocument();
    // Tab goes on to the panel's sessions, not to the other tab
    await user.tab();
    expect(screen.getByRole('radio', { name: /1:00 PM/ })).toHaveFocus();
  });

  it('keeps the focus on the admission choice when its button is replaced', async () => {
    const event = eventBody({
      groups: [timedGroup, flexGroup],
      types: [...timedTypes, ...flexTypes],
    });
    const { user } = renderRoute(`/events/${EVENT_ID}`, { fetch: fixtures(event) });
    const any = await screen.findByRole('button', { name: 'Visit on any date' });
    any.focus();
    await user.keyboard('{Enter}');
    // "Visit on any date" is gone: its "Change" button takes the focus, not the page
    expect(await screen.findByRole('button', { name: 'Change' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Increase Anytime Adult' })).toHaveFocus();

    await user.tab({ shift: true });
    await user.keyboard(' ');
    expect(await screen.findByRole('button', { name: 'Visit on any date' })).toHaveFocus();
  });

  it('after "Add to cart", focus lands on the next page\'s "Added to your cart." (issue 13)', async () => {
    const event = eventBody({
      groups: [timedGroup, flexGroup],
      types: [...timedTypes, ...flexTypes],
    });
    const cart = cartWithTimedItem('2026-11-21T15:00:00Z', '2026-11-21T16:00:00Z');
    const { user, router } = renderRoute(`/events/${EVENT_ID}`, {
      fetch: fixtures(event, cart),
      config: makeSellerConfig({ anchor_categories: ['Exhibitions'] }),
    });
    const any = await screen.findByRole('button', { name: 'Visit on any date' });
    any.focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('button', { name: 'Change' });
    await user.tab();
    expect(screen.getByRole('button', { name: 'Increase Anytime Adult' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await user.tab();
    expect(screen.getByRole('button', { name: 'Add to cart' })).toHaveFocus();
    await user.keyboard('{Enter}');

    await waitFor(() => expect(router.state.location.pathname).toBe('/demo-museum/events'));
    const added = await screen.findByText('Added to your cart.');
    await waitFor(() => expect(added).toHaveFocus());
    expect(
      screen.getByRole('heading', {
        level: 1,
        name: 'What other experiences would you like to add?',
      }),
    ).toBeInTheDocument();
    // the next stop goes on to checkout
    await user.tab();
    expect(screen.getByRole('link', { name: 'skip add-on' })).toHaveFocus();
  });
});
