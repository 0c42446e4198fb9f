import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cartBundle } from '@/testing/cart-fixtures';
import { createFetchStub } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/render-route';
import { makeSellerConfig } from '@/testing/seller-config';
import {
  calendarBody,
  EVENT_ID,
  eventBody,
  saturday,
  sessionsBody,
  setUpDateFirstRouteTests,
} from '@/features/reserve/flows/date-first/date-first-test-kit';

setUpDateFirstRouteTests();

describe('date and time labels of the date-first page', { timeout: 15_000 }, () => {
  it('names each date button by what it shows first, then the full date (label in name)', async () => {
    const fetch = createFetchStub({
      'GET /cached_api/events/:id': eventBody(),
      'GET /cached_api/events/:id/calendar': calendarBody(),
    });
    renderRoute(`/events/${EVENT_ID}`, { fetch });
    const dates = await screen.findByRole('group', { name: 'Date' });
    const buttons = within(dates).getAllByRole('button', { pressed: false });
    expect(buttons).toHaveLength(8);
    for (const button of buttons) {
      expect(button).not.toHaveAttribute('aria-label');
      const shown = [...button.children]
        .filter((child) => !child.classList.contains('visually-hidden'))
        .map((child) => child.textContent)
        .join(' ');
      expect(shown).toMatch(/^[A-Z][a-z]{2} \d{1,2} [A-Z][a-z]{2}$/);
      expect(button).toHaveAccessibleName(expect.stringMatching(new RegExp(`^${shown} \\w+day, `)));
    }
  });

  // one time format per seller (shopping §9 h:mm A)
  // issue #25: the cart reads the seller's locale (en-GB a 24-hour clock), and so does the picker
  it("a British seller's picker reads the 24-hour times its cart reads", async () => {
    const fetch = createFetchStub({
      'GET /cached_api/events/:id': eventBody(),
      'GET /cached_api/events/:id/calendar': calendarBody(),
      // the 1:00 PM session's types all cost the same: its chip shows that one price
      'GET /api/events/:id/sessions': sessionsBody(
        saturday.map((s) =>
          s.start_datetime.includes('T18:') ? { ...s, maxPrice: s.minPrice } : s,
        ),
      ),
      'GET /api/my/cart/:id': cartBundle(),
    });
    const config = makeSellerConfig({ locale: 'en-GB', currency: 'GBP' });
    const { user } = renderRoute(`/events/${EVENT_ID}`, { fetch, config });

    await user.click(
      await screen.findByRole('button', { name: /^Sat 21 Nov Saturday,? 21 November/ }),
    );
    // the 10:00 session's types cost £12 to £25: its chip says "from" (decision 0029)
    expect(await screen.findByRole('radio', { name: /^10:00/ })).toHaveAccessibleName(
      '10:00 from £12.00',
    );
    await user.click(screen.getByRole('tab', { name: 'Afternoon' }));
    expect(await screen.findByRole('radio', { name: /^13:00/ })).toHaveAccessibleName(
      '13:00 £12.00',
    );
    expect(screen.queryByRole('radio', { name: /[AP]M/ })).toBeNull();
  });
});
