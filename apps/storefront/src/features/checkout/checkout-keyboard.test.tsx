import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { IdentityFieldRules } from '@/features/checkout/model/identity-fields';
import { createFetchStub } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/render-route';
import { makeSellerConfig } from '@/testing/seller-config';
import { payableCart, seedCart, termsMeta } from '@/testing/checkout-fixtures';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

const ADD_CONTACT = 'Add a phone number and address';

function guestCheckout(rules?: IdentityFieldRules) {
  const bundle = payableCart('50.00', {}, [termsMeta('<p>No refunds after entry.</p>')]);
  seedCart(bundle);
  const base = makeSellerConfig();
  const config = rules
    ? makeSellerConfig({ checkout: { ...base.checkout, identity_fields: rules } })
    : base;
  return renderRoute('/checkout', {
    fetch: createFetchStub({ 'GET /api/my/cart/:id': bundle }),
    config,
  });
}

const byLabel = (text: string) =>
  screen.getByLabelText(new RegExp(`^${text.replace(/[/()]/g, '\\$&')}( \\*)?$`));

// issue 13: a guest's way from the e-mail fields to the pay button (decision 0031)
describe('checkout form by keyboard', () => {
  it('keeps the optional phone and address behind one button; the ZIP is always asked', async () => {
    const { user } = guestCheckout();
    const add = await screen.findByRole('button', { name: ADD_CONTACT });
    expect(screen.queryByLabelText('Phone')).toBeNull();
    expect(screen.queryByLabelText('Address')).toBeNull();
    expect(byLabel('ZIP / Postcode')).toBeInTheDocument();

    // confirm e-mail, ZIP, the button, the terms, the checkbox, then pay: no optional field between
    byLabel('Confirm email address').focus();
    await user.tab();
    expect(byLabel('ZIP / Postcode')).toHaveFocus();
    await user.tab();
    expect(add).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Read the terms and conditions' })).toHaveFocus();
    await user.tab();
    expect(
      screen.getByRole('checkbox', { name: 'I accept the terms and conditions' }),
    ).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Pay $50.00' })).toHaveFocus();

    await user.type(byLabel('ZIP / Postcode'), '10001');
    add.focus();
    await user.keyboard('{Enter}');
    // the fields open where they belong and the first takes the focus; the ZIP keeps its value
    await waitFor(() => expect(byLabel('Phone')).toHaveFocus());
    for (const label of ['Address', 'Address line 2', 'City', 'State / County', 'Country']) {
      expect(byLabel(label)).toBeInTheDocument();
    }
    expect(byLabel('ZIP / Postcode')).toHaveValue('10001');
    expect(screen.queryByRole('button', { name: ADD_CONTACT })).toBeNull();
  });

  it('shows the phone and address at once when the seller requires one of them', async () => {
    guestCheckout({ city: { required_for: ['card'] } });
    expect(await screen.findByLabelText('City *')).toBeInTheDocument();
    expect(byLabel('Phone')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: ADD_CONTACT })).toBeNull();
  });

  it('gives focus back to "Read the terms" when the terms close', async () => {
    const { user } = guestCheckout();
    const read = await screen.findByRole('button', { name: 'Read the terms and conditions' });
    read.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Terms and conditions' });
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(read).toHaveFocus());
    expect(
      screen.getByRole('checkbox', { name: 'I accept the terms and conditions' }),
    ).toBeChecked();
  });
});
