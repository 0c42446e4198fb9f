import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PricedSession, PriceSchedule } from '@admit/contracts/availability';
import { toCollection } from '@admit/contracts/envelope';
import type { TicketType } from '@admit/contracts/resources';
import type { AllInPrices } from '@admit/contracts/rules/advertised-price';
import { cartBundle } from '@/testing/cart-fixtures';
import { createFetchStub } from '@/testing/fetch-stub';
import type { StubRequest } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/render-route';
import { makeSellerConfig } from '@/testing/seller-config';
import {
  ADULT,
  calendarBody,
  CHILD,
  EVENT_ID,
  eventBody,
  makeSession,
  sessionDetailBody,
  sessionsBody,
  setUpDateFirstRouteTests,
  timedTypes,
} from '@/features/reserve/flows/date-first/date-first-test-kit';

const SATURDAY_BUTTON = 'Sat 21 Nov Saturday, November 21, 2026';
/** Saturday: 10:00 at the types' amounts (25 / 12) and a 17:30 late opening at 29 / 15. */
const day = makeSession(1, '2026-11-21T15:00:00Z');
const late = makeSession(2, '2026-11-21T22:30:00Z', {
  price: '15.00',
  minPrice: '15.00',
  maxPrice: '29.00',
});
const LATE_PRICES: Record<string, string> = { [ADULT]: '29.00', [CHILD]: '15.00' };

function scheduleOf(session: PricedSession): PriceSchedule[] {
  return timedTypes.map((type) => ({
    id: `${session.id}:${type.id}`,
    event_session_id: session.id,
    ticket_type_id: type.id,
    currency_amount: session === late ? LATE_PRICES[type.id]! : type.currency_amount,
  }));
}

/** The demo museum's fees on every type: $2.00 service charge and 8.875 % tax per ticket. */
const withFees = (types: TicketType[]) =>
  types.map((type) => ({
    ...type,
    outside_fees: [
      { name: 'fee_fixed_outside' as const, fee: '2.00' },
      { name: 'fee_percent_outside' as const, fee: '8.875' },
    ],
  }));

function fixtures(types: TicketType[] = timedTypes) {
  return createFetchStub({
    'GET /cached_api/events/:id': eventBody({ types, tabs: false }),
    'GET /cached_api/events/:id/calendar': calendarBody(),
    'GET /api/events/:id/sessions': {
      ...sessionsBody([day, late]),
      price_schedule: toCollection([...scheduleOf(day), ...scheduleOf(late)]),
    },
    'GET /api/events/:id/sessions/:sessionId': (request: StubRequest) => {
      const session = request.url.pathname.endsWith(late.id) ? late : day;
      return {
        ...sessionDetailBody(session, { types }),
        price_schedule: toCollection(scheduleOf(session)),
      };
    },
    'POST /api/my/cart/modify': cartBundle(),
  });
}

async function chooseAdultAndChildAt(time: RegExp, options: { allIn?: AllInPrices } = {}) {
  const types = options.allIn ? withFees(timedTypes) : timedTypes;
  const config = makeSellerConfig({ all_in_prices: options.allIn ?? 'off' });
  const { user } = renderRoute(`/events/${EVENT_ID}`, { fetch: fixtures(types), config });
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
