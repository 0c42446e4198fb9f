import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { toCollection } from '@admit/contracts/envelope';
import { fixtureId, makeTicketType } from '@/testing/api-fixtures';
import { makeTicket } from '@/testing/cart-fixtures';
import { payableCart, seedCart } from '@/testing/checkout-fixtures';
import { createFetchStub, errorResponse } from '@/testing/fetch-stub';
import type { Fixture, StubRequest } from '@/testing/fetch-stub';
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

  it('asks one required voucher per ticket; the server’s mismatch shows under its field', async () => {
    // the server's check (modules/codes/citypass.ts): the child's voucher must fit C\d{9}
    const server = (request: StubRequest) => {
      const body = request.body as { vouchers?: { ticket_id: string; voucher: string }[] };
      const childVoucher = body.vouchers?.find((v) => v.ticket_id === child.id)?.voucher ?? '';
      return /^C\d{9}$/.test(childVoucher)
        ? payableCart('45.00', { ticket: toCollection([adult, child]) })
        : errorResponse(422, 'invalid_citypass', MISMATCH, { ticket_id: child.id });
    };
    const { user, dialog, fetch } = await openModal(server);
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
    expect(applies(fetch)).toEqual([]);

    // cleaned: spaces and dashes go; the format is the server's answer, under the child's field
    await user.type(fields[0]!, '012-345 6789');
    await user.type(fields[1]!, '0123456780');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await within(dialog).findByText(MISMATCH)).toBeInTheDocument();
    expect(fields[1]).toHaveAttribute('aria-invalid', 'true');
    expect(fields[1]).toHaveAccessibleDescription(MISMATCH);
    expect(fields[0]).not.toHaveAttribute('aria-invalid');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();

    await user.clear(fields[1]!);
    await user.type(fields[1]!, 'C123456789');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Promo code "CITYPASS" applied.')).toBeInTheDocument();
    expect(applies(fetch).map((r) => r.body)).toEqual([
      {
        code: 'CITYPASS',
        vouchers: [
          { ticket_id: adult.id, voucher: '0123456789' },
          { ticket_id: child.id, voucher: '0123456780' },
        ],
      },
      {
        code: 'CITYPASS',
        vouchers: [
          { ticket_id: adult.id, voucher: '0123456789' },
          { ticket_id: child.id, voucher: 'C123456789' },
        ],
      },
    ]);
  });

  it('never runs the seller’s pattern in the browser: a catastrophic one cannot freeze the tab', async () => {
    // `(a+)+` backtracks 2^n steps on n a's and a mismatch in the browser's RegExp (issue 22):
    // matched here, this voucher would hang the page for hours; only the server matches it
    const config = makeSellerConfig({
      citypass_code_groups: { citypass: { adult_regexp: '(a+)+', child_regexp: '(a+)+' } },
    });
    const voucher = `${'a'.repeat(34)}!`;
    const { user, dialog, fetch } = await openModal(
      errorResponse(422, 'invalid_citypass', MISMATCH, { ticket_id: adult.id }),
      config,
    );
    await user.click(within(dialog).getByRole('checkbox', { name: 'I have CityPASS vouchers' }));
    const fields = within(dialog).getAllByPlaceholderText('Enter voucher number');
    await user.type(fields[0]!, voucher);
    await user.type(fields[1]!, voucher);
    await user.type(within(dialog).getByLabelText('Code'), 'CITYPASS');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));

    expect(await within(dialog).findByText(MISMATCH)).toBeInTheDocument();
    expect(fields[0]).toHaveAttribute('aria-invalid', 'true');
    expect(applies(fetch).map((r) => r.body)).toEqual([
      {
        code: 'CITYPASS',
        vouchers: [
          { ticket_id: adult.id, voucher },
          { ticket_id: child.id, voucher },
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
  ])(
    'shows the server’s %s naming no field as the promo code message',
    async (code, description, shown) => {
      const { user, dialog } = await openModal(errorResponse(422, code, description));
      await user.click(within(dialog).getByRole('checkbox', { name: 'I have CityPASS vouchers' }));
      const fields = within(dialog).getAllByPlaceholderText('Enter voucher number');
      await user.type(fields[0]!, '0123456789');
      await user.type(fields[1]!, 'C123456789');
      await user.type(within(dialog).getByLabelText('Code'), 'CITYPASS');
      await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(shown);
    },
  );

  it('sends no vouchers while the checkbox is off', async () => {
    const { user, dialog, fetch } = await openModal(payableCart('45.00'));
    await user.type(within(dialog).getByLabelText('Code'), 'WELCOME10');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Promo code "WELCOME10" applied.')).toBeInTheDocument();
    expect(applies(fetch).map((r) => r.body)).toEqual([{ code: 'WELCOME10' }]);
  });
});
