import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EventTemplateResponse } from '@admit/contracts/catalog';
import type { PriceDisplaySetting } from '@admit/contracts/rules/price-display';
import { toCollection } from '@admit/contracts/envelope';
import { renderRoute } from '@/testing/render-route';
import { createFetchStub } from '@/testing/fetch-stub';
import { makeSellerConfig } from '@/testing/seller-config';
import { fixtureId } from '@/testing/api-fixtures';
import { ADMISSION_ID, listingBody } from '@/features/listing/listing-test-kit';

/**
 * The seller's price display setting on the listing's cards (shopping §9 "Price display setting:
 * all, sessions_and_tickets or off; range prices hide it"; decision 0081): only `all` prices the
 * cards, and a range price never stands for its event.
 */

const AVAILABLE = 'GET /cached_api/events/available';

beforeAll(async () => {
  await import('@/features/listing/listing-route');
});

/** The listing with General Admission's `web.price_display` set and the tour sold at any amount. */
function body(): EventTemplateResponse {
  const base = listingBody();
  return {
    ...base,
    ticket_type: {
      ...base.ticket_type!,
      _data: base.ticket_type!._data.map((type) =>
        type.ticket_group_id === fixtureId(102)
          ? { ...type, currency_amount_min: '5.00', currency_amount_max: '50.00' }
          : type,
      ),
    },
    config: toCollection([
      {
        id: fixtureId(6000),
        resource: 'event_template',
        resource_id: ADMISSION_ID,
        key: 'web.price_display',
        value: { primary_ticket_type: 'Adult', primary_prefix: 'Adults', message: 'Members free' },
      },
    ]),
  };
}

async function cards(setting: PriceDisplaySetting) {
  renderRoute('/events', {
    fetch: createFetchStub({ [AVAILABLE]: body() }),
    config: makeSellerConfig({ price_display: setting }),
  });
  const card = async (name: string) =>
    (await screen.findByRole('link', { name })).closest('article')!;
  return { admission: await card('General Admission'), tour: await card('Highlights Tour') };
}

describe('price display setting on the listing cards (shopping §9)', () => {
  it('all: the card shows its price line and message', async () => {
    const { admission } = await cards('all');
    expect(within(admission).getByText('Adults $25.00')).toBeInTheDocument();
    expect(within(admission).getByText('Members free')).toBeInTheDocument();
  });

  it('a range price is no event\u2019s "from" (range prices hide it)', async () => {
    const { tour } = await cards('all');
    expect(within(tour).queryByText(/\$/)).not.toBeInTheDocument();
  });

  it.each(['sessions_and_tickets', 'off'] as const)(
    '%s: no price and no price message on the cards',
    async (setting) => {
      const { admission, tour } = await cards(setting);
      expect(within(admission).queryByText(/\$/)).not.toBeInTheDocument();
      expect(within(admission).queryByText('Members free')).not.toBeInTheDocument();
      expect(within(tour).queryByText(/\$/)).not.toBeInTheDocument();
      expect(within(admission).getByText('General Admission')).toBeInTheDocument();
    },
  );

  it('without the setting the cards read as before: "from" where no line is set', async () => {
    renderRoute('/events', {
      fetch: createFetchStub({ [AVAILABLE]: listingBody() }),
      config: makeSellerConfig(),
    });
    const tour = (await screen.findByRole('link', { name: 'Highlights Tour' })).closest('article')!;
    expect(within(tour).getByText('from $8.50')).toBeInTheDocument();
  });
});
