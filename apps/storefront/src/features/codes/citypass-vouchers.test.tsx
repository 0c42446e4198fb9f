import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { toCollection } from '@admit/contracts/envelope';
import { fixtureId, makeTicketType } from '@/testing/api-fixtures';
import { makeTicket } from '@/testing/cart-fixtures';
import { payableCart, seedCart } from '@/testing/checkout-fixtures';
import { createFetchStub, errorResponse } from '@/testing/fetch-stub';
import type { Fixture } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/render-route';
import { makeSellerConfig } from '@/testing/seller-config';

/** CityPASS vouchers in the promo code modal (shopping §5, §8; identity §5; decision 0019). */

beforeEach(() => localStorage.clear());

const MISMATCH = 'Does not match the expected format. Please check your CityPASS code.';
const CITYPASS = makeSellerConfig({
  citypass_code_groups: {
    citypass: {
      adult_regexp: '\\d{10}',
      child_regexp: 'C\\d{9}',
      child_ticket_type_keywords: ['kid'],
    },
  },
});
const CHILD_TYPE = fixtureId(201);
const adult = makeTicket();
const child = makeTicket({ ticket_type_id: CHILD_TYPE });
const cart = payableCart('50.00', {
  ticket: toCollection([adult, child]),
  ticket_type: toCollection([
    makeTicketType(),
    makeTicketType({ id: CHILD_TYPE, name: 'Kid (4-12)' }),
  ]),
});

async function openModal(applyAnswer: Fixture = {}, config = CITYPASS) {
  seedCart(cart);
  const fetch = createFetchStub({
    'GET /api/my/cart/:id': cart,
    'POST /api/my/cart/:id/apply_code': applyAnswer,
  });
  const view = renderRoute('/checkout', { fetch, config });
  await view.user.click(await screen.findByRole('button', { name: 'Add a promo code' }));
  const dialog = await screen.findByRole('dialog', { name: 'Apply a promo code' });
  return { ...view, fetch, dialog };
}

const applies = (fetch: Awaited<ReturnType<typeof openModal>>['fetch']) =>
  fetch.requests.filter((r) => r.url.pathname.endsWith('/apply_code'));

describe('CityPASS vouchers (shopping §5 "CityPASS codes")', () => {
  it('offers no voucher checkbox when the seller has no CityPASS groups', async () => {
    const { dialog } = await openModal({}, makeSellerConfig());
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('asks one required voucher per ticket and checks the adult or child pattern', async () => {
    const { user, dialog, fetch } = await openModal(
      payableCart('45.00', { ticket: toCollection([adult, child]) }),
    );
    expect(within(dialog).queryByPlaceholderText('Enter voucher number')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: 'I have CityPASS vouchers' }));
    const fields = within(dialog).getAllByPlaceholderText('Enter voucher number');
    expect(fields).toHaveLength(2);
    expect(within(dialog).getByLabelText('Ticket 2: General Admission – Kid (4-12)')).toBe(
      fields[1],
    );

    await user.type(within(dialog).getByLabelText('Code'), 'CITYPASS');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(within(dialog).getAllByText('Please enter a voucher number.')).toHaveLength(2);

    // cleaned: spaces and dashes go; a child type (keyword "kid") needs the child pattern
    await user.type(fields[0]!, '012-345 6789');
    await user.type(fields[1]!, '0123456780');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(within(dialog).getAllByText(MISMATCH)).toHaveLength(1);
    expect(fields[1]).toHaveAttribute('aria-invalid', 'true');
    expect(fields[0]).not.toHaveAttribute('aria-invalid');
    expect(applies(fetch)).toEqual([]);

    await user.clear(fields[1]!);
    await user.type(fields[1]!, 'C123456789');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Promo code "CITYPASS" applied.')).toBeInTheDocument();
    expect(applies(fetch).map((r) => r.body)).toEqual([
      {
        code: 'CITYPASS',
        vouchers: [
          { ticket_id: adult.id, voucher: '0123456789' },
          { ticket_id: child.id, voucher: 'C123456789' },
        ],
      },
    ]);
  });

  it.each([
    ['invalid_citypass', MISMATCH, MISMATCH],
    [
      'citypass_failure',
      'this CityPASS voucher has already been used',
      'This CityPASS voucher has already been used.',
    ],
  ])('shows the server’s %s as the promo code message', async (code, description, shown) => {
    const { user, dialog } = await openModal(errorResponse(422, code, description));
    await user.click(within(dialog).getByRole('checkbox', { name: 'I have CityPASS vouchers' }));
    const fields = within(dialog).getAllByPlaceholderText('Enter voucher number');
    await user.type(fields[0]!, '0123456789');
    await user.type(fields[1]!, 'C123456789');
    await user.type(within(dialog).getByLabelText('Code'), 'CITYPASS');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(shown);
  });

  it('sends no vouchers while the checkbox is off', async () => {
    const { user, dialog, fetch } = await openModal(payableCart('45.00'));
    await user.type(within(dialog).getByLabelText('Code'), 'WELCOME10');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Promo code "WELCOME10" applied.')).toBeInTheDocument();
    expect(applies(fetch).map((r) => r.body)).toEqual([{ code: 'WELCOME10' }]);
  });
});
