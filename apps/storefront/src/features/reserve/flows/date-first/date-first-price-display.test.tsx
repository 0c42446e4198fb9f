import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TicketType } from '@admit/contracts/resources';
import { renderRoute } from '@/testing/render-route';
import { makeSellerConfig } from '@/testing/seller-config';
import {
  ADULT,
  EVENT_ID,
  eventBody,
  sessionPricedFixtures,
  setUpDateFirstRouteTests,
  timedTypes,
} from '@/features/reserve/flows/date-first/date-first-test-kit';

/**
 * The event's `web.price_display` (shopping §3), a ticket type's `discounted_amount` (§3) and
 * the spec's LONG_DATE default (§9) on the date-first page (decision 0063).
 */

const SATURDAY = /Saturday, November 21, 2026/;

const PRICE_DISPLAY = {
  primary_ticket_type: 'Adult',
  primary_prefix: 'Adults',
  secondary_ticket_type: 'Child',
  secondary_prefix: 'Children',
  message: 'Members go free',
};

async function openSaturday(
  options: { types?: TicketType[]; priceDisplay?: unknown; locale?: string } = {},
) {
  const types = options.types ?? timedTypes;
  const event = eventBody({
    types,
    tabs: false,
    config: options.priceDisplay === undefined ? {} : { 'web.price_display': options.priceDisplay },
  });
  const config = makeSellerConfig({ all_in_prices: 'off', locale: options.locale ?? 'en-US' });
  const fetch = sessionPricedFixtures(types, event);
  const rendered = renderRoute(`/events/${EVENT_ID}`, { fetch, config });
  await rendered.user.click(await screen.findByRole('button', { name: SATURDAY }));
  return rendered;
}

const sessionLabel = (time: RegExp) => screen.getByRole('radio', { name: time }).closest('label');

setUpDateFirstRouteTests();

describe('web.price_display (shopping §3 event config)', { timeout: 60_000 }, () => {
  it("each session shows the primary and secondary types' own prices with their prefixes", async () => {
    await openSaturday({ priceDisplay: PRICE_DISPLAY });
    await screen.findByRole('radio', { name: /10:00 AM/ });
    expect(sessionLabel(/10:00 AM/)).toHaveTextContent('Adults $25.00 · Children $12.00');
    // the late opening's own prices (decision 0043), not the types' amounts
    expect(sessionLabel(/5:30 PM/)).toHaveTextContent('Adults $29.00 · Children $15.00');
    expect(screen.getByText('Members go free')).toBeInTheDocument();
  });

  it('a primary type alone shows its price only; without the setting, "from" the cheapest', async () => {
    const { unmount } = await openSaturday({
      priceDisplay: { primary_ticket_type: 'adult', primary_prefix: 'Adults' },
    });
    await screen.findByRole('radio', { name: /5:30 PM/ });
    expect(sessionLabel(/5:30 PM/)).toHaveTextContent(/Adults \$29\.00$/);
    unmount();

    await openSaturday();
    await screen.findByRole('radio', { name: /5:30 PM/ });
    expect(sessionLabel(/5:30 PM/)).toHaveTextContent('from $15.00');
    expect(sessionLabel(/5:30 PM/)).not.toHaveTextContent('Adults');
  });
});

describe('discounted_amount (shopping §3 ticket type)', { timeout: 60_000 }, () => {
  it('the ticket list shows the discounted price and the regular one struck through; the total follows', async () => {
    const types = timedTypes.map((type) =>
      type.id === ADULT ? { ...type, discounted_amount: '20.00' } : type,
    );
    const { user } = await openSaturday({ types });
    await user.click(await screen.findByRole('radio', { name: /10:00 AM/ }));
    await user.click(await screen.findByRole('button', { name: 'Increase Adult' }));

    const adult = screen.getByRole('group', { name: /Adult/ });
    expect(adult).toHaveTextContent('$20.00 Was $25.00');
    expect(adult.querySelector('s')).toHaveTextContent('Was $25.00');
    // a child has no discount: its one price, nothing struck through
    const child = screen.getByRole('group', { name: /Child/ });
    expect(child).toHaveTextContent('$12.00');
    expect(child.querySelector('s')).toBeNull();
    expect(within(screen.getByTestId('reserve-footer')).getByText('$20.00')).toBeInTheDocument();
  });
});

describe('LONG_DATE is the default long date (shopping §9)', { timeout: 60_000 }, () => {
  it("a seller locale without its own patterns reads the spec's, as its cart does", async () => {
    await openSaturday({ locale: 'en-AU' });
    // Intl's en-AU "full" date would read "Saturday 21 November 2026"
    expect(screen.getByRole('button', { name: SATURDAY })).toBeInTheDocument();
  });
});
