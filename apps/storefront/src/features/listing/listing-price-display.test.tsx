import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EventTemplateResponse } from '@admit/contracts/catalog';
import { toCollection } from '@admit/contracts/envelope';
import { renderRoute } from '@/testing/render-route';
import { createFetchStub } from '@/testing/fetch-stub';
import { makeSellerConfig } from '@/testing/seller-config';
import { fixtureId, makeTicketType } from '@/testing/api-fixtures';
import { ADMISSION_ID, listingBody } from '@/features/listing/listing-test-kit';

/**
 * The listing card reads by the event's `web.price_display` (shopping §3 event config; decision
 * 0075): the named types at their least price, all in, with their prefixes and the message;
 * without the setting (or when it names no type the event sells) the card keeps its "from".
 */

const AVAILABLE = 'GET /cached_api/events/available';

beforeAll(async () => {
  await import('@/features/listing/listing-route');
});

/** General Admission: Adult 25.00 (sold from 22.00 at a session, + 2.00 service charge), Child 12.00. */
function admission(priceDisplay?: unknown): EventTemplateResponse {
  const body = listingBody();
  const adult = makeTicketType({
    id: fixtureId(201),
    ticket_group_id: fixtureId(101),
    name: 'Adult',
    currency_amount: '25.00',
    currency_amount_from: '22.00',
    outside_fees: [{ name: 'fee_fixed_outside', fee: '2.00' }],
  });
  const child = makeTicketType({
    id: fixtureId(202),
    ticket_group_id: fixtureId(101),
    name: 'Child',
    currency_amount: '12.00',
    _rank: 2,
  });
  const others = body.ticket_type!._data.filter((t) => t.ticket_group_id !== fixtureId(101));
  return {
    ...body,
    ticket_type: { ...body.ticket_type!, _data: [adult, child, ...others] },
    ...(priceDisplay === undefined
      ? {}
      : {
          config: toCollection([
            {
              id: fixtureId(6000),
              resource: 'event_template',
              resource_id: ADMISSION_ID,
              key: 'web.price_display',
              value: priceDisplay,
            },
          ]),
        }),
  };
}

async function admissionCard(priceDisplay: unknown, allIn: 'off' | 'fees' = 'off') {
  const fetch = createFetchStub({ [AVAILABLE]: admission(priceDisplay) });
  const rendered = renderRoute('/events', {
    fetch,
    config: makeSellerConfig({ all_in_prices: allIn }),
  });
  const link = await screen.findByRole('link', { name: 'General Admission' });
  return { ...rendered, card: link.closest('article')!, fetch };
}

describe('web.price_display on the listing card (shopping §3)', () => {
  it('primary and secondary types with their prefixes, all in, and the message', async () => {
    const { card } = await admissionCard(
      {
        primary_ticket_type: 'Adult',
        primary_prefix: 'Adults',
        secondary_ticket_type: 'Child',
        secondary_prefix: 'Children',
        message: 'Members go free',
      },
      'fees',
    );
    // the adult's least price (22.00) with its 2.00 service charge; the child has no fees
    expect(within(card).getByText('Adults $24.00 · Children $12.00')).toBeInTheDocument();
    expect(within(card).getByText('Members go free')).toBeInTheDocument();
    expect(within(card).queryByText(/^from /)).not.toBeInTheDocument();
  });

  it('a primary type alone, named by id, without a prefix: its price only', async () => {
    const { card } = await admissionCard({ primary_ticket_type: fixtureId(202) });
    expect(within(card).getByText('$12.00')).toBeInTheDocument();
    expect(within(card).queryByText(/Adult|from/)).not.toBeInTheDocument();
  });

  it('without the setting, or naming no type the event sells, the card says "from"', async () => {
    const { card, unmount } = await admissionCard(undefined);
    expect(within(card).getByText('from $12.00')).toBeInTheDocument();
    unmount();
    const other = await admissionCard({ primary_ticket_type: 'Senior', primary_prefix: 'Seniors' });
    expect(within(other.card).getByText('from $12.00')).toBeInTheDocument();
    expect(within(other.card).queryByText(/Seniors/)).not.toBeInTheDocument();
  });

  it('asks the listing read for the config rows (shopping §7 events/available embeds)', async () => {
    const { fetch } = await admissionCard(undefined);
    const read = fetch.requests.find((r) => r.url.pathname.endsWith('/events/available'));
    expect(read?.url.searchParams.get('_embed')?.split(',')).toContain('config');
  });
});
