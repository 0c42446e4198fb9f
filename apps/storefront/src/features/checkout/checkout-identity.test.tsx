import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toCollection } from '@admit/contracts/envelope';
import { jsonResponse } from '@/testing/fetch-stub';
import { createFetchStub } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/render-route';
import { makeSellerConfig } from '@/testing/seller-config';
import {
  checkoutResponse,
  payableCart,
  seedCart,
  showContactFields,
  termsMeta,
} from '@/testing/checkout-fixtures';
import { registerCaptchaProvider } from '@/features/checkout/model/captcha';
import { registerAddressProvider } from '@/features/checkout/model/address-service';

beforeEach(() => localStorage.clear());
afterEach(() => registerCaptchaProvider(null));

const FORM_ERROR =
  'There were errors found in the information you submitted. Please address the errors and re-submit the form.';

type User = ReturnType<typeof renderRoute>['user'];

/** A purchaser field by its label; required fields carry a visual " *". */
function field(label: string) {
  const escaped = label.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  return screen.getByLabelText(new RegExp(`^${escaped}( \\*)?$`));
}

async function fillPurchaser(user: User, overrides: Record<string, string> = {}) {
  const values: Record<string, string> = {
    'First name': 'Ada',
    'Last name': 'Lovelace',
    'Email address': 'Ada@Example.org',
    'Confirm email address': 'ada@example.ORG',
    ...overrides,
  };
  if (Object.keys(overrides).some((label) => !/Postcode/.test(label))) {
    await showContactFields(user);
  }
  for (const [label, value] of Object.entries(values)) {
    if (value) await user.type(field(label), value);
  }
}

function freeCheckout(bundle = payableCart('0.00'), config = makeSellerConfig()) {
  seedCart(bundle);
  const fetch = createFetchStub({
    'GET /api/my/cart/:id': bundle,
    'POST /api/cart/:id/guest_checkout': jsonResponse(checkoutResponse(), 201),
    'POST /api/my/cart/:id/checkout': jsonResponse(checkoutResponse(), 201),
    'GET /api/my/user': {
      user: toCollection([
        {
          id: 'a1b2c3d4-0000-4000-8000-0000000000e1',
          identity_id: 'a1b2c3d4-0000-4000-8000-0000000000e2',
          email: 'grace@example.org',
          first_name: 'Grace',
          last_name: 'Hopper',
          has_password: true,
          needs_email: false,
        },
      ]),
    },
  });
  return { ...renderRoute('/checkout', { fetch, config }), fetch };
}

describe('purchaser identity form (identity §3, §5, §6)', () => {
  it('reports errors, focuses the first invalid field and sends nothing', async () => {
    const { user, fetch } = freeCheckout();
    await user.click(await screen.findByRole('button', { name: 'Complete order' }));
    expect(await screen.findByText(FORM_ERROR)).toBeInTheDocument();
    await waitFor(() => expect(field('First name')).toHaveFocus());
    expect(screen.getAllByText('Input must not be empty.').length).toBe(4);
    expect(fetch.requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('checks the confirmation case-insensitively and sends the purchaser with a free order', async () => {
    const { user, fetch, router } = freeCheckout();
    await screen.findByRole('button', { name: 'Complete order' });
    await fillPurchaser(user, { Phone: '(212) 555-0100', 'ZIP / Postcode': '10001' });
    await user.click(screen.getByRole('button', { name: 'Complete order' }));

    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/demo-museum/checkout/complete'),
    );
    const request = fetch.requests.find((r) => r.url.pathname.endsWith('/guest_checkout'));
    expect(request?.body).toMatchObject({
      amount: '0.00',
      gateway_id: 'free',
      gateway_data: {},
      send_email: true,
      purchaser: {
        first_name: 'Ada',
        last_name: 'Lovelace',
        email: 'Ada@Example.org',
        phone: '+12125550100',
        zip_code: '10001',
      },
    });
  });

  it('rejects a different confirmation, a bad phone and a non-US ZIP', async () => {
    const { user, fetch } = freeCheckout();
    await screen.findByRole('button', { name: 'Complete order' });
    await fillPurchaser(user, {
      'Confirm email address': 'ada@example.com',
      Phone: '123',
      'ZIP / Postcode': '1234',
    });
    await user.click(screen.getByRole('button', { name: 'Complete order' }));
    expect(await screen.findByText('Email addresses must match.')).toBeInTheDocument();
    expect(screen.getByText('Phone number is not valid.')).toBeInTheDocument();
    expect(screen.getByText('ZIP / Postcode is not valid.')).toBeInTheDocument();
    await waitFor(() => expect(field('Confirm email address')).toHaveFocus());
    expect(fetch.requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('takes the phone country from the currency (GBP → GB) and checks UK postcodes', async () => {
    const { user, fetch, router } = freeCheckout(
      payableCart('0.00'),
      makeSellerConfig({ currency: 'GBP' }),
    );
    await screen.findByRole('button', { name: 'Complete order' });
    await fillPurchaser(user, { Phone: '020 7946 0018', Postcode: 'SW1A 1AA' });
    await user.click(screen.getByRole('button', { name: 'Complete order' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/demo-museum/checkout/complete'),
    );
    const request = fetch.requests.find((r) => r.url.pathname.endsWith('/guest_checkout'));
    expect(request?.body).toMatchObject({
      purchaser: { phone: '+442079460018', zip_code: 'SW1A 1AA' },
    });
  });

  it("hides the form for a member's cart, names the e-mail and checks out as the member", async () => {
    const { user, fetch, router } = freeCheckout(
      payableCart('0.00', { cart: { ownedByPublicIdentity: false } }),
    );
    expect(
      await screen.findByText('Your tickets will be sent to grace@example.org.'),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText(/^First name/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Complete order' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/demo-museum/checkout/complete'),
    );
    const request = fetch.requests.find((r) => r.url.pathname.endsWith('/checkout'));
    expect(request?.url.pathname).toMatch(/^\/api\/my\/cart\/[^/]+\/checkout$/);
    expect(request?.body).toEqual({ amount: '0.00', gateway_id: 'free', gateway_data: {} });
  });

  it('sends a captcha token for guests when a provider is plugged in', async () => {
    registerCaptchaProvider({ name: 'test-captcha', getToken: () => Promise.resolve('tok-1') });
    // the seller names the provider (decision 0019); checkout-extras.test.tsx has the rest
    const checkout = {
      donation_group_id: null,
      stripe_publishable_key: null,
      captcha_site_key: null,
    };
    const { user, fetch, router } = freeCheckout(
      payableCart('0.00'),
      makeSellerConfig({ checkout: { ...checkout, captcha_provider: 'test-captcha' } }),
    );
    expect(
      await screen.findByText('This form is protected against automated use.'),
    ).toBeInTheDocument();
    await fillPurchaser(user);
    await user.click(screen.getByRole('button', { name: 'Complete order' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/demo-museum/checkout/complete'),
    );
    const request = fetch.requests.find((r) => r.url.pathname.endsWith('/guest_checkout'));
    expect(request?.body).toMatchObject({ captcha: { provider: 'test-captcha', token: 'tok-1' } });
  });
});

describe('terms (shopping §2 terms modal; identity §5)', () => {
  it('requires the box when the seller has terms; Accept ticks it, Decline clears it', async () => {
    const { user, fetch, router } = freeCheckout(
      payableCart('0.00', {}, [termsMeta('<p>No refunds after entry.</p>')]),
    );
    await screen.findByRole('button', { name: 'Complete order' });
    await fillPurchaser(user);
    await user.click(screen.getByRole('button', { name: 'Complete order' }));
    expect(await screen.findByText(FORM_ERROR)).toBeInTheDocument();
    expect(screen.getByText('Please accept the terms and conditions.')).toBeInTheDocument();
    expect(fetch.requests.filter((r) => r.method === 'POST')).toEqual([]);

    const box = screen.getByRole('checkbox', { name: 'I accept the terms and conditions' });
    await user.click(screen.getByRole('button', { name: 'Read the terms and conditions' }));
    let dialog = await screen.findByRole('dialog', { name: 'Terms and conditions' });
    expect(within(dialog).getByText('No refunds after entry.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));
    expect(box).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Read the terms and conditions' }));
    dialog = await screen.findByRole('dialog', { name: 'Terms and conditions' });
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(box).not.toBeChecked();

    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Complete order' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/demo-museum/checkout/complete'),
    );
  });

  it('shows no terms box without terms text', async () => {
    freeCheckout();
    await screen.findByRole('button', { name: 'Complete order' });
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});

describe('address lookup (identity §7 Find/Retrieve, §8 fallback)', () => {
  afterEach(() => registerAddressProvider(null));

  it('offers no lookup without a key: the address is typed', async () => {
    registerAddressProvider({
      find: () => Promise.resolve([]),
      retrieve: () => Promise.resolve([]),
    });
    const { user } = freeCheckout();
    await screen.findByRole('button', { name: 'Complete order' });
    await showContactFields(user);
    expect(screen.queryByLabelText('Find your address')).toBeNull();
    expect(field('Address')).toBeInTheDocument();
  });

  it('fills the address from the chosen suggestion, and falls back to manual entry on failure', async () => {
    let fail = false;
    registerAddressProvider({
      find: () =>
        fail
          ? Promise.reject(new Error('down'))
          : Promise.resolve([
              { id: 'a1', label: '1 Museum Way, Springfield', type: 'address' as const },
            ]),
      retrieve: () =>
        Promise.resolve([
          {
            address: '1 Museum Way',
            address_more: '',
            city: 'Springfield',
            state: 'IL',
            country: 'US',
            zip_code: '62701',
          },
        ]),
    });
    const { user, unmount } = freeCheckout(
      payableCart('0.00'),
      makeSellerConfig({ address_lookup: true }),
    );
    await user.type(await screen.findByLabelText('Find your address'), '1 Museum');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    await user.click(await screen.findByRole('button', { name: '1 Museum Way, Springfield' }));
    await waitFor(() => expect(field('Address')).toHaveValue('1 Museum Way'));
    expect(field('ZIP / Postcode')).toHaveValue('62701');
    unmount();

    fail = true;
    const again = freeCheckout(payableCart('0.00'), makeSellerConfig({ address_lookup: true }));
    await again.user.type(await screen.findByLabelText('Find your address'), '1 Museum');
    await again.user.click(screen.getByRole('button', { name: 'Find' }));
    expect(
      await screen.findByText('Address lookup is not available. Please enter your address.'),
    ).toBeInTheDocument();
    expect(field('Address')).toBeInTheDocument();
  });
});
