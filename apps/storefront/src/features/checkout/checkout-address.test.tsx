import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { toCollection } from '@admit/contracts/envelope';
import type { SellerConfig } from '@admit/contracts/seller-config';
import { createFetchStub, errorResponse, jsonResponse } from '@/testing/fetch-stub';
import type { Fixture, StubRequest } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/render-route';
import { makeSellerConfig } from '@/testing/seller-config';
import {
  checkoutResponse,
  payableCart,
  seedCart,
  showContactFields,
} from '@/testing/checkout-fixtures';

/**
 * Address lookup on the checkout through the default provider set at boot, i.e. the API's
 * address/find and address/retrieve (identity §7, §8; decision 0024).
 */

beforeEach(() => localStorage.clear());

const UNAVAILABLE = 'Address lookup is not available. Please enter your address.';

const suggestions = (items: { id: string; label: string; type: 'address' | 'container' }[]) => ({
  address_suggestion: toCollection(items),
});
const RETRIEVED = {
  address: toCollection([
    {
      address: '9 Museum Rd',
      address_more: 'Suite 4',
      city: 'Springfield',
      state: 'IL',
      country: 'US',
      zip_code: '62701',
    },
  ]),
};

function lookupCheckout(
  address: Record<string, Fixture>,
  config: SellerConfig = makeSellerConfig({ address_lookup: true }),
) {
  const bundle = payableCart('0.00');
  seedCart(bundle);
  const fetch = createFetchStub({
    'GET /api/my/cart/:id': bundle,
    'POST /api/cart/:id/guest_checkout': jsonResponse(checkoutResponse(), 201),
    ...address,
  });
  return { ...renderRoute('/checkout', { fetch, config }), fetch };
}

function field(label: string) {
  return screen.getByLabelText(new RegExp(`^${label.replace(/[/]/g, '\\/')}( \\*)?$`));
}

const addressCalls = (fetch: ReturnType<typeof lookupCheckout>['fetch']) =>
  fetch.requests
    .filter((r) => r.url.pathname.startsWith('/api/address/'))
    .map((r) => [r.url.pathname, Object.fromEntries(r.url.searchParams)]);

describe('checkout address lookup (identity §7, §8)', () => {
  it('finds, opens a container, retrieves the chosen address and sends it with the order', async () => {
    const { user, fetch, router } = lookupCheckout({
      'GET /api/address/find': ({ url }: StubRequest) =>
        url.searchParams.get('container')
          ? suggestions([
              { id: 'A9', label: '9 Museum Rd, Springfield IL', type: 'address' },
              { id: 'A11', label: '11 Museum Rd, Springfield IL', type: 'address' },
            ])
          : suggestions([{ id: 'C2', label: 'Museum Rd, 24 Addresses', type: 'container' }]),
      'GET /api/address/retrieve': RETRIEVED,
    });
    await user.type(await screen.findByLabelText('Find your address'), 'Museum Rd');
    await user.click(screen.getByRole('button', { name: 'Find' }));

    const list = await screen.findByRole('list', { name: 'Address suggestions' });
    expect(screen.getByText('1 results. Choose one below.')).toHaveAttribute('role', 'status');
    await user.click(within(list).getByRole('button', { name: 'Museum Rd, 24 Addresses' }));
    // the container's addresses replace it, and the keyboard lands on the first of them
    const opened = await screen.findByRole('button', { name: '9 Museum Rd, Springfield IL' });
    await waitFor(() => expect(opened).toHaveFocus());
    await user.keyboard('{Enter}');

    await waitFor(() => expect(field('Address')).toHaveValue('9 Museum Rd'));
    expect(field('Address')).toHaveFocus();
    expect(field('Address line 2')).toHaveValue('Suite 4');
    expect(field('City')).toHaveValue('Springfield');
    expect(field('State / County')).toHaveValue('IL');
    expect(field('Country')).toHaveValue('US');
    expect(field('ZIP / Postcode')).toHaveValue('62701');
    expect(screen.queryByRole('list', { name: 'Address suggestions' })).not.toBeInTheDocument();
    expect(addressCalls(fetch)).toEqual([
      ['/api/address/find', { _seller: 'demo-museum', text: 'Museum Rd', country: 'US' }],
      [
        '/api/address/find',
        { _seller: 'demo-museum', text: 'Museum Rd', country: 'US', container: 'C2' },
      ],
      ['/api/address/retrieve', { _seller: 'demo-museum', id: 'A9' }],
    ]);

    await user.type(field('First name'), 'Ada');
    await user.type(field('Last name'), 'Lovelace');
    await user.type(field('Email address'), 'ada@example.org');
    await user.type(field('Confirm email address'), 'ada@example.org');
    await user.click(screen.getByRole('button', { name: 'Complete order' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/demo-museum/checkout/complete'),
    );
    const order = fetch.requests.find((r) => r.url.pathname.endsWith('/guest_checkout'));
    expect(order?.body).toMatchObject({
      purchaser: {
        address: '9 Museum Rd',
        address_more: 'Suite 4',
        city: 'Springfield',
        state: 'IL',
        country: 'US',
        zip_code: '62701',
      },
    });
  });

  it('searches on Enter in the country chosen by name in the form, without submitting the order', async () => {
    const { user, fetch } = lookupCheckout({
      'GET /api/address/find': suggestions([]),
    });
    // the country is a list of names, not free text (issue #13)
    const country = await screen.findByLabelText('Country');
    expect(country.tagName).toBe('SELECT');
    await user.selectOptions(country, screen.getByRole('option', { name: 'United Kingdom' }));
    expect(country).toHaveValue('GB');
    await user.type(screen.getByLabelText('Find your address'), 'SW1A 1AA{Enter}');
    expect(
      await screen.findByText('No address found. Please try other words or enter your address.'),
    ).toBeInTheDocument();
    expect(addressCalls(fetch)).toEqual([
      ['/api/address/find', { _seller: 'demo-museum', text: 'SW1A 1AA', country: 'GB' }],
    ]);
    expect(fetch.requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('falls back to manual entry when the address service fails', async () => {
    const { user } = lookupCheckout({
      'GET /api/address/find': () => errorResponse(502, 'internal_error', 'Unknown key', null),
    });
    await user.type(await screen.findByLabelText('Find your address'), '1 Museum');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    // reads retry a 502 (shopping §7) before giving up
    expect(await screen.findByText(UNAVAILABLE, {}, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.queryByLabelText('Find your address')).not.toBeInTheDocument();
    await user.type(field('Address'), '1 Museum Way');
    expect(field('Address')).toHaveValue('1 Museum Way');
  });

  it('offers no lookup when the seller config does not enable it', async () => {
    const { fetch, user } = lookupCheckout({}, makeSellerConfig({ address_lookup: false }));
    expect(await screen.findByRole('button', { name: 'Complete order' })).toBeInTheDocument();
    await showContactFields(user);
    expect(screen.queryByLabelText('Find your address')).not.toBeInTheDocument();
    expect(field('Address')).toBeInTheDocument();
    expect(addressCalls(fetch)).toEqual([]);
  });
});
