import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CartPayment } from '@admit/contracts/cart';
import { toCollection } from '@admit/contracts/envelope';
import { createFetchStub, errorResponse } from '@/testing/fetch-stub';
import type { Fixture } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/render-route';
import { FIXTURE_CART_ID } from '@/testing/cart-fixtures';
import { payableCart, seedCart } from '@/testing/checkout-fixtures';

beforeEach(() => localStorage.clear());

const TEN_OFF = {
  id: 'a1b2c3d4-0000-4000-8000-000000000001',
  name: 'Spring sale',
  description: '10% off',
  discount: '5.00',
  blocking_checkout: false,
  activating_code_groups: ['spring'],
  resource: null,
  resource_id: null,
};

/** A payment on the fixture cart: a gift card's 20.00 unless overridden. */
function cartPayment(overrides: Partial<CartPayment>): CartPayment {
  return {
    id: 'a1b2c3d4-0000-4000-8000-000000000009',
    cart_id: FIXTURE_CART_ID,
    gateway_id: 'ledger',
    amount: '20.00',
    state: 'succeeded',
    ledger_number: '************1234',
    created_at: '2026-06-01T14:00:00.000Z',
    ...overrides,
  };
}

async function openCheckout(applyAnswer: Fixture, bundle = payableCart()) {
  seedCart(bundle);
  const fetch = createFetchStub({
    'GET /api/my/cart/:id': bundle,
    'POST /api/my/cart/:id/apply_code': applyAnswer,
  });
  const view = renderRoute('/checkout', { fetch });
  await view.user.click(await screen.findByRole('button', { name: 'Add a promo code' }));
  const dialog = await screen.findByRole('dialog', { name: 'Apply a promo code' });
  return { ...view, fetch, dialog };
}

async function applyCode(
  user: Awaited<ReturnType<typeof openCheckout>>['user'],
  dialog: HTMLElement,
  code: string,
) {
  await user.type(within(dialog).getByLabelText('Code'), code);
  await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
}

describe('promo codes on the checkout (shopping §2, §5, §8; identity §4)', () => {
  it('applies a trimmed code and lists the cartmod', async () => {
    const applied = payableCart('45.00', { cartmod: toCollection([TEN_OFF]) });
    const { user, dialog, fetch } = await openCheckout(applied);
    await applyCode(user, dialog, '  SPRING ');

    expect(await screen.findByText('Promo code "SPRING" applied.')).toBeInTheDocument();
    expect(screen.getByText('Spring sale')).toBeInTheDocument();
    const request = fetch.requests.find((r) => r.url.pathname.endsWith('/apply_code'));
    expect(request?.url.pathname).toBe(`/api/my/cart/${FIXTURE_CART_ID}/apply_code`);
    expect(request?.body).toEqual({ code: 'SPRING' });
    expect(await screen.findByRole('button', { name: 'Pay $45.00' })).toBeInTheDocument();
  });

  it('by keyboard: the Code field takes the focus; closing gives it back to the button', async () => {
    const applied = payableCart('45.00', { cartmod: toCollection([TEN_OFF]) });
    const { user, dialog } = await openCheckout(applied);
    const code = within(dialog).getByLabelText('Code');
    await waitFor(() => expect(code).toHaveFocus());
    await user.keyboard('SPRING{Enter}');
    await screen.findByText('Promo code "SPRING" applied.');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const opener = screen.getByRole('button', { name: 'Add a promo code' });
    await waitFor(() => expect(opener).toHaveFocus());

    await user.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: 'Apply a promo code' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('checks the field before calling: required, then at least 2 characters', async () => {
    const { user, dialog, fetch } = await openCheckout({});
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please enter a code.');
    await applyCode(user, dialog, 'A');
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'A code has at least 2 characters.',
    );
    expect(fetch.requests.some((r) => r.url.pathname.endsWith('/apply_code'))).toBe(false);
  });

  it.each([
    ['code_not_found', 404, 'We could not find the code "NOPE". Please check it and try again.'],
    ['code_exhausted', 422, 'Sorry, the code "NOPE" is no longer available.'],
    ['no_code_benefit', 422, 'The code "NOPE" does not apply to anything in your cart.'],
  ])('shows the code-specific message for %s', async (code, status, message) => {
    const { user, dialog } = await openCheckout(errorResponse(status, code, 'server text'));
    await applyCode(user, dialog, 'NOPE');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
  });

  it("shows the provider's message as a sentence, else the invalid-code text", async () => {
    const first = await openCheckout(
      errorResponse(400, 'validation_failed', 'code is not valid for this date'),
    );
    await applyCode(first.user, first.dialog, 'LATE');
    expect(await within(first.dialog).findByRole('alert')).toHaveTextContent(
      /^Code is not valid for this date\.$/,
    );
    first.unmount();

    const second = await openCheckout(errorResponse(422, 'citypass_failure', ''));
    await applyCode(second.user, second.dialog, 'CP12');
    expect(await within(second.dialog).findByRole('alert')).toHaveTextContent(
      '"CP12" is not a valid promo code.',
    );
  });

  it("says 'Sorry. Please try again later.' for any other failure", async () => {
    const { user, dialog } = await openCheckout(errorResponse(500, 'internal_error', 'boom'));
    await applyCode(user, dialog, 'SPRING');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Sorry. Please try again later.',
    );
  });

  it('treats duplicate_code as already applied', async () => {
    const { user, dialog } = await openCheckout(errorResponse(422, 'duplicate_code', 'dup'));
    await applyCode(user, dialog, 'SPRING');
    expect(await screen.findByText('Promo code "SPRING" applied.')).toBeInTheDocument();
  });

  it('still offers promo codes after a declined card, also after a reload (a decline is not a payment)', async () => {
    const declined = payableCart('30.00', {
      payment: toCollection([
        cartPayment({
          gateway_id: 'stripe',
          amount: '30.00',
          state: 'failed',
          ledger_number: null,
        }),
      ]),
    });
    seedCart(declined);
    renderRoute('/checkout', {
      fetch: createFetchStub({ 'GET /api/my/cart/:id': declined }),
    });
    expect(await screen.findByRole('button', { name: 'Add a promo code' })).toBeInTheDocument();
  });

  it('offers no promo code once a payment was made, or with nothing to pay', async () => {
    const paid = payableCart('30.00', {
      payment: toCollection([cartPayment({ state: 'succeeded' })]),
    });
    seedCart(paid);
    const view = renderRoute('/checkout', {
      fetch: createFetchStub({ 'GET /api/my/cart/:id': paid }),
    });
    expect(await screen.findByRole('heading', { name: 'Payment information' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add a promo code' })).toBeNull();
    view.unmount();

    const free = payableCart('0.00');
    seedCart(free);
    renderRoute('/checkout', { fetch: createFetchStub({ 'GET /api/my/cart/:id': free }) });
    expect(await screen.findByRole('button', { name: 'Complete order' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add a promo code' })).toBeNull();
  });
});
