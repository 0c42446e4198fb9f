import { screen, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeTicketType } from '@/testing/api-fixtures';
import { makeSellerConfig } from '@/testing/seller-config';
import {
  CHILD,
  chooseAdultsAndChild,
  openSelector,
  renderSeated,
  stalls,
  types,
} from '@/features/seats/selector/seat-route-test-kit';

/**
 * The event's `web.price_display` (shopping §3 event config; decision 0075) on the single-event
 * page: the ticket panel reads its line (each type at the session's price, as shown) and the
 * seat selector repeats it over the open map, with the setting's message.
 */

beforeAll(async () => {
  await import('@/features/seats/selector/seat-selector');
});
beforeEach(() => localStorage.clear());

const ADULTS_AND_CHILDREN = {
  primary_ticket_type: 'Adult',
  primary_prefix: 'Adults',
  secondary_ticket_type: 'Child',
  secondary_prefix: 'Children',
  message: 'Members go free',
};

const ticketPanel = () => screen.getByRole('region', { name: 'Tickets' });

describe('web.price_display on the ticket panel and the seat selector', { timeout: 60_000 }, () => {
  it('primary and secondary types with their prefixes and the message', async () => {
    const { user } = renderSeated({}, undefined, makeSellerConfig({ all_in_prices: 'off' }), {
      'web.price_display': ADULTS_AND_CHILDREN,
    });
    await screen.findByRole('button', { name: 'Increase Adult' });
    expect(within(ticketPanel()).getByText('Adults $25.00 · Children $10.00')).toBeInTheDocument();
    expect(within(ticketPanel()).getByText('Members go free')).toBeInTheDocument();

    await chooseAdultsAndChild(user);
    const heading = await openSelector(user);
    const selector = heading.closest('section')!;
    expect(within(selector).getByText('Adults $25.00 · Children $10.00')).toBeInTheDocument();
    expect(within(selector).getByText('Members go free')).toBeInTheDocument();
  });

  it('a primary type alone, all in, without a message', async () => {
    // the child's 1.50 booking fee is in an all-in seller's prices (decision 0048)
    const child = makeTicketType({
      ...types.find((type) => type.id === CHILD)!,
      outside_fees: [{ name: 'fee_fixed_outside', fee: '1.50' }],
    });
    const withFee = types.map((type) => (type.id === CHILD ? child : type));
    const { user } = renderSeated(
      {},
      [{ group: stalls, types: withFee }],
      makeSellerConfig({ all_in_prices: 'fees' }),
      { 'web.price_display': { primary_ticket_type: 'child', primary_prefix: 'Kids' } },
    );
    await screen.findByRole('button', { name: 'Increase Adult' });
    expect(within(ticketPanel()).getByText('Kids $11.50')).toBeInTheDocument();
    expect(within(ticketPanel()).queryByText(/Adults|Members go free/)).not.toBeInTheDocument();

    await chooseAdultsAndChild(user);
    const selector = (await openSelector(user)).closest('section')!;
    expect(within(selector).getByText('Kids $11.50')).toBeInTheDocument();
    expect(within(selector).queryByText(/Adults/)).not.toBeInTheDocument();
  });

  it.each(['sessions_and_tickets', 'off'] as const)(
    'the seller\u2019s price display setting %s (shopping §9, decision 0081)',
    async (setting) => {
      const { user } = renderSeated(
        {},
        undefined,
        makeSellerConfig({ all_in_prices: 'off', price_display: setting }),
        { 'web.price_display': ADULTS_AND_CHILDREN },
      );
      await screen.findByRole('button', { name: 'Increase Adult' });
      // the ticket step's line shows under sessions_and_tickets, not under off
      const shown = setting === 'off' ? 0 : 1;
      const panel = within(ticketPanel());
      expect(panel.queryAllByText('Adults $25.00 · Children $10.00')).toHaveLength(shown);
      expect(panel.queryAllByText('Members go free')).toHaveLength(shown);
      // the ticket step's own prices show under every value
      expect(panel.getAllByText('$25.00').length).toBeGreaterThan(0);

      await chooseAdultsAndChild(user);
      const selector = (await openSelector(user)).closest('section')!;
      expect(within(selector).queryAllByText('Members go free')).toHaveLength(shown);
    },
  );

  it('without the setting neither shows a price line', async () => {
    const { user } = renderSeated({}, [{ group: stalls, types }], makeSellerConfig(), {});
    await screen.findByRole('button', { name: 'Increase Adult' });
    expect(within(ticketPanel()).queryByText(/ · |Adults|Kids/)).not.toBeInTheDocument();
    await chooseAdultsAndChild(user);
    const selector = (await openSelector(user)).closest('section')!;
    expect(within(selector).queryByText(/ · |Adults|Kids/)).not.toBeInTheDocument();
  });
});
