import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TicketType } from '@admit/contracts/resources';
import type { AllInPrices } from '@admit/contracts/rules/advertised-price';
import { renderRoute } from '@/testing/render-route';
import { makeSellerConfig } from '@/testing/seller-config';
import {
  EVENT_ID,
  sessionPricedFixtures,
  setUpDateFirstRouteTests,
  timedTypes,
} from '@/features/reserve/flows/date-first/date-first-test-kit';

const SATURDAY_BUTTON = 'Sat 21 Nov Saturday, November 21, 2026';

/** The demo museum's fees on every type: $2.00 service charge and 8.875 % tax per ticket. */
const withFees = (types: TicketType[]) =>
  types.map((type) => ({
    ...type,
    outside_fees: [
      { name: 'fee_fixed_outside' as const, fee: '2.00' },
      { name: 'fee_percent_outside' as const, fee: '8.875' },
    ],
  }));

async function chooseAdultAndChildAt(time: RegExp, options: { allIn?: AllInPrices } = {}) {
  const types = options.allIn ? withFees(timedTypes) : timedTypes;
  const config = makeSellerConfig({ all_in_prices: options.allIn ?? 'off' });
  const { user } = renderRoute(`/events/${EVENT_ID}`, {
    fetch: sessionPricedFixtures(types),
    config,
  });
  await user.click(await screen.findByRole('button', { name: SATURDAY_BUTTON }));
  await user.click(await screen.findByRole('radio', { name: time }));
  await user.click(await screen.findByRole('button', { name: 'Increase Adult' }));
  await user.click(screen.getByRole('button', { name: 'Increase Child' }));
  return within(screen.getByTestId('reserve-footer'));
}

setUpDateFirstRouteTests();

describe('the price shown is the price charged (decision 0043, 0048)', { timeout: 60_000 }, () => {
  it("a late-opening session's ticket step shows and totals the session's own prices", async () => {
    const footer = await chooseAdultAndChildAt(/5:30 PM/);
    expect(screen.getByRole('group', { name: /Adult/ })).toHaveTextContent('$29.00');
    expect(screen.getByRole('group', { name: /Child/ })).toHaveTextContent('$15.00');
    expect(footer.getByText('$44.00')).toBeInTheDocument();
  });

  it("a session at the types' amounts still shows them", async () => {
    const footer = await chooseAdultAndChildAt(/10:00 AM/);
    expect(footer.getByText('$37.00')).toBeInTheDocument();
  });
});

describe('all-in prices (decision 0048)', { timeout: 60_000 }, () => {
  it('off: face values, fees wait for the cart', async () => {
    const footer = await chooseAdultAndChildAt(/5:30 PM/, { allIn: 'off' });
    expect(screen.getByRole('group', { name: /Adult/ })).toHaveTextContent('$29.00');
    expect(footer.getByText('$44.00')).toBeInTheDocument();
  });

  it('fees (US): each price and the total include the service charge, not the tax', async () => {
    const footer = await chooseAdultAndChildAt(/5:30 PM/, { allIn: 'fees' });
    expect(screen.getByRole('group', { name: /Adult/ })).toHaveTextContent('$31.00');
    expect(screen.getByRole('group', { name: /Child/ })).toHaveTextContent('$17.00');
    expect(footer.getByText('$48.00')).toBeInTheDocument();
    // the session chips show the same all-in prices: "from" the child's
    expect(screen.getByRole('radio', { name: /5:30 PM/ }).closest('label')).toHaveTextContent(
      '$17.00',
    );
  });

  it('fees_and_tax (UK): each price includes every fee, rounded per ticket like the cart', async () => {
    const footer = await chooseAdultAndChildAt(/5:30 PM/, { allIn: 'fees_and_tax' });
    // 29.00 + 2.00 + 8.875 % (2.57375 → 2.57); 15.00 + 2.00 + 1.33125 → 1.33
    expect(screen.getByRole('group', { name: /Adult/ })).toHaveTextContent('$33.57');
    expect(screen.getByRole('group', { name: /Child/ })).toHaveTextContent('$18.33');
    expect(footer.getByText('$51.90')).toBeInTheDocument();
  });
});
