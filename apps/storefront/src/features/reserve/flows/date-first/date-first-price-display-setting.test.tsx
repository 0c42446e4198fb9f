import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PriceDisplaySetting } from '@admit/contracts/rules/price-display';
import { renderRoute } from '@/testing/render-route';
import { makeSellerConfig } from '@/testing/seller-config';
import {
  EVENT_ID,
  eventBody,
  sessionPricedFixtures,
  setUpDateFirstRouteTests,
  timedTypes,
} from '@/features/reserve/flows/date-first/date-first-test-kit';

/**
 * The seller's price display setting on the date-first page (shopping §9 "Price display setting:
 * all, sessions_and_tickets or off"; decision 0081): `all` and `sessions_and_tickets` price the
 * sessions, `off` does not; the ticket step's own prices show under every value.
 */

const SATURDAY = /Saturday, November 21, 2026/;

async function openSaturday(setting: PriceDisplaySetting) {
  const event = eventBody({
    types: timedTypes,
    tabs: false,
    config: {
      'web.price_display': {
        primary_ticket_type: 'Adult',
        primary_prefix: 'Adults',
        message: 'Members go free',
      },
    },
  });
  const rendered = renderRoute(`/events/${EVENT_ID}`, {
    fetch: sessionPricedFixtures(timedTypes, event),
    config: makeSellerConfig({ price_display: setting }),
  });
  await rendered.user.click(await screen.findByRole('button', { name: SATURDAY }));
  await screen.findByRole('radio', { name: /10:00 AM/ });
  return rendered;
}

const sessionLabel = (time: RegExp) => screen.getByRole('radio', { name: time }).closest('label')!;

setUpDateFirstRouteTests();

describe('price display setting on the sessions (shopping §9)', { timeout: 60_000 }, () => {
  it.each(['all', 'sessions_and_tickets'] as const)(
    '%s: each session shows its price and the message',
    async (setting) => {
      await openSaturday(setting);
      expect(sessionLabel(/10:00 AM/)).toHaveTextContent('Adults $25.00');
      expect(screen.getByText('Members go free')).toBeInTheDocument();
    },
  );

  it('off: no session price and no message; the ticket step still prices each type', async () => {
    const { user } = await openSaturday('off');
    expect(sessionLabel(/10:00 AM/)).not.toHaveTextContent('$');
    expect(sessionLabel(/5:30 PM/)).not.toHaveTextContent('$');
    expect(screen.queryByText('Members go free')).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: /10:00 AM/ }));
    await user.click(await screen.findByRole('button', { name: 'Increase Adult' }));
    expect(within(screen.getByRole('group', { name: /Adult/ })).getByText('$25.00')).toBeVisible();
  });
});
