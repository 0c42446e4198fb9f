import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '@/testing/render-route';
import { makeSellerConfig } from '@/testing/seller-config';
import {
  chooseQuantities,
  EVENT_ID,
  fixtures,
  setUpQuantityFirstTests,
} from '@/features/reserve/flows/quantity-first/quantity-first-test-kit';

setUpQuantityFirstTests();

/** The seller's `hide_calendar_prices` flag (decision 0061), read through useFeatureFlag. */
describe('quantity-first calendar and the seller flag hide_calendar_prices', () => {
  const dayOf = async (featureFlags: Record<string, boolean>) => {
    const { user } = renderRoute(`/events/${EVENT_ID}`, {
      fetch: fixtures(),
      config: makeSellerConfig({ feature_flags: featureFlags }),
    });
    await chooseQuantities(user);
    await user.click(screen.getByRole('button', { name: 'Find available tickets' }));
    return screen.findByRole('button', { name: /November 24, 2026/ });
  };

  it('shows each day\'s "from" price without the flag', { timeout: 15_000 }, async () => {
    expect(await dayOf({})).toHaveTextContent('$27');
  });

  it('leaves the prices out when the seller turns the flag on', { timeout: 15_000 }, async () => {
    const day = await dayOf({ hide_calendar_prices: true });
    expect(day).toHaveTextContent('24');
    expect(day).not.toHaveTextContent('$27');
  });
});
