import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { IdentityFieldRules } from '@/features/checkout/model/identity-fields';
import { createFetchStub, jsonResponse } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/render-route';
import { makeSellerConfig } from '@/testing/seller-config';
import {
  checkoutResponse,
  payableCart,
  SANDBOX_METHOD,
  seedCart,
} from '@/testing/checkout-fixtures';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

type User = ReturnType<typeof renderRoute>['user'];

/** The harbour-like rules: card payments need the postcode; the country is fixed. */
const RULES: IdentityFieldRules = {
  zip_code: { required_for: ['card', 'wallet'] },
  country: { read_only: true, value: 'GB' },
  state: { disabled: true },
};

function checkout(total: string) {
  const bundle = payableCart(total);
  seedCart(bundle);
  const fetch = createFetchStub({
    'GET /api/my/cart/:id': bundle,
    'POST /api/sandbox/payment_methods': jsonResponse(SANDBOX_METHOD, 201),
    'POST /api/cart/:id/guest_checkout': jsonResponse(checkoutResponse(), 201),
  });
  const base = makeSellerConfig();
  const config = makeSellerConfig({
    default_phone_country: 'GB',
    checkout: { ...base.checkout, identity_fields: RULES },
  });
  return { ...renderRoute('/checkout', { fetch, config }), fetch };
}

const label = (text: string) => new RegExp(`^${text.replace(/[/()]/g, '\\$&')}( \\*)?$`);

async function fillNames(user: User) {
  await user.type(screen.getByLabelText(label('First name')), 'Ada');
  await user.type(screen.getByLabelText(label('Last name')), 'Lovelace');
  await user.type(screen.getByLabelText(label('Email address')), 'ada@example.org');
  await user.type(screen.getByLabelText(label('Confirm email address')), 'ada@example.org');
}

async function fillCard(user: User) {
  await user.type(screen.getByLabelText(/^Card number/), '4242 4242 4242 4242');
  await user.type(screen.getByLabelText(/^Expiry \(MM\/YY\)/), '12/30');
  await user.type(screen.getByLabelText(/^CVC/), '123');
}

// spec: identity §5 "Payment-method-specific identity fields become required; disabled,
// read-only or must-equal fields are not sent"; decision 0019 "Update: identity field rules"
describe("the seller's purchaser field rules", () => {
  it('paying by card requires the postcode; locked fields show their value and are not sent', async () => {
    const { user, fetch, router } = checkout('25.00');
    // issue #25: a UK address reads in UK words, the country by its name
    const zip = await screen.findByLabelText('Postcode *');
    const country = screen.getByLabelText(label('Country'));
    expect(country).toHaveValue('United Kingdom');
    expect(country).toHaveAttribute('readonly');
    expect(screen.getByLabelText(label('County'))).toBeDisabled();
    expect(screen.queryByLabelText(/ZIP|State/)).toBeNull();

    await fillNames(user);
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Pay $25.00' }));
    await waitFor(() => expect(zip).toHaveFocus());
    expect(zip).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Input must not be empty.')).toBeInTheDocument();
    expect(fetch.requests.some((r) => r.url.pathname.endsWith('/guest_checkout'))).toBe(false);

    await user.type(zip, 'SW1A 1AA');
    await user.click(screen.getByRole('button', { name: 'Pay $25.00' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/demo-museum/checkout/complete'),
    );
    const sent = fetch.requests.find((r) => r.url.pathname.endsWith('/guest_checkout'));
    const purchaser = (sent?.body as { purchaser: Record<string, unknown> }).purchaser;
    expect(purchaser).toMatchObject({ first_name: 'Ada', zip_code: 'SW1A 1AA' });
    // read-only country, disabled state and the must-equal confirmation are not sent
    expect(Object.keys(purchaser)).not.toContain('country');
    expect(Object.keys(purchaser)).not.toContain('state');
    expect(Object.keys(purchaser)).not.toContain('email_confirm');
  });

  it('a free order does not ask for the card-only postcode', async () => {
    const { user, router } = checkout('0.00');
    await screen.findByRole('button', { name: 'Complete order' });
    expect(screen.getByLabelText('Postcode')).not.toHaveAttribute('aria-required');
    await fillNames(user);
    await user.click(screen.getByRole('button', { name: 'Complete order' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/demo-museum/checkout/complete'),
    );
  });
});
