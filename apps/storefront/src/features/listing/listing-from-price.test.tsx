import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EventTemplateResponse } from '@admit/contracts/catalog';
import { renderRoute } from '@/testing/render-route';
import { createFetchStub } from '@/testing/fetch-stub';
import { makeSellerConfig } from '@/testing/seller-config';
import { fixtureId, makeTicketGroup, makeTicketType } from '@/testing/api-fixtures';
import { ADMISSION_ID, listingBody } from '@/features/listing/listing-test-kit';

/**
 * The listing's "from" is what the cart would charge (issue 22): the types' lowest prices among
 * the sessions on sale (the API's `currency_amount_from`, decision 0043), each all in as the
 * seller's `all_in_prices` says (decision 0048).
 */

const AVAILABLE = 'GET /cached_api/events/available';

beforeAll(async () => {
  await import('@/features/listing/listing-route');
});

/** General Admission: Adult 25.00 with a 2.00 service charge, sold at 9.00 at one session. */
function admissionWithSessionPrice(): EventTemplateResponse {
  const body = listingBody();
  const adult = makeTicketType({
    id: fixtureId(201),
    ticket_group_id: fixtureId(101),
    name: 'Adult',
    currency_amount: '25.00',
    currency_amount_from: '9.00',
    outside_fees: [{ name: 'fee_fixed_outside', fee: '2.00' }],
  });
  const child = makeTicketType({
    id: fixtureId(202),
    ticket_group_id: fixtureId(101),
    name: 'Child',
    currency_amount: '12.00',
    currency_amount_from: '12.00',
  });
  // a donation beside the admissions is not the event's "from"
  const donationGroup = makeTicketGroup({
    id: fixtureId(109),
    event_template_id: ADMISSION_ID,
    handler: 'donation',
  });
  const donation = makeTicketType({
    id: fixtureId(209),
    ticket_group_id: donationGroup.id,
    name: 'Donation',
    currency_amount: '10.00',
    currency_amount_min: '1.00',
    currency_amount_from: '1.00',
  });
  const others = body.ticket_type!._data.filter((t) => t.ticket_group_id !== fixtureId(101));
  return {
    ...body,
    ticket_group: { ...body.ticket_group!, _data: [...body.ticket_group!._data, donationGroup] },
    ticket_type: { ...body.ticket_type!, _data: [adult, child, donation, ...others] },
  };
}

async function admissionCard(allIn: 'off' | 'fees') {
  const fetch = createFetchStub({ [AVAILABLE]: admissionWithSessionPrice() });
  renderRoute('/events', { fetch, config: makeSellerConfig({ all_in_prices: allIn }) });
  const link = await screen.findByRole('link', { name: 'General Admission' });
  return link.closest('article')!;
}

describe('the listing’s "from" (issue 22)', () => {
  it('is the session price when a session sells a type below its own amount', async () => {
    // Adult 9.00 at a session, below Child 12.00 and below the type's 25.00
    expect(within(await admissionCard('off')).getByText('from $9.00')).toBeInTheDocument();
  });

  it('includes the fees the seller’s prices include, per type', async () => {
    // 9.00 + 2.00 service charge = 11.00, still below the child's 12.00 (no fees)
    expect(within(await admissionCard('fees')).getByText('from $11.00')).toBeInTheDocument();
  });
});
