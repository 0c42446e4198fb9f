import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { toCollection } from '@admit/contracts/envelope';
import { createFetchStub, errorResponse, jsonResponse } from '@/testing/fetch-stub';
import type { Fixture } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/render-route';
import { FIXTURE_CART_ID } from '@/testing/cart-fixtures';
import { checkoutResponse, ORDER_ID, payableCart, seedCart } from '@/testing/checkout-fixtures';

beforeEach(() => localStorage.clear());

const RULE = {
  id: 'a1b2c3d4-0000-4000-8000-0000000000b1',
  cart_id: FIXTURE_CART_ID,
  description: 'Members-only preview: enter your invitation code.',
  block_reason: 'code_required',
  code_group: 'preview',
};

describe('blocked cart (identity §2, §5, §8 "Blocked cart")', () => {
  async function openBlocked(applyAnswer: Fixture) {
    const blocked = payableCart('50.00', { blocking_rule: toCollection([RULE]) });
    seedCart(blocked);
    const fetch = createFetchStub({
      'GET /api/my/cart/:id': blocked,
      'POST /api/my/cart/:id/apply_code': applyAnswer,
    });
    const view = renderRoute('/checkout', { fetch });
    expect(
      await screen.findByText('A code is required to continue with your order.'),
    ).toBeInTheDocument();
    return { ...view, fetch };
  }

  it('shows only the checkout-code form: no promo codes, payment or pay button', async () => {
    await openBlocked({});
    expect(screen.getByText(RULE.description)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Payment information' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add a promo code' })).toBeNull();
  });

  it("adds 'Please try another one.' to a code error's description", async () => {
    const { user } = await openBlocked(errorResponse(404, 'code_not_found', 'Code not found'));
    await user.type(screen.getByLabelText('Code'), 'WRONG');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Code not found\. Please try another one\.$/,
    );
  });

  it('requires at least 2 characters', async () => {
    const { user, fetch } = await openBlocked({});
    await user.type(screen.getByLabelText('Code'), 'X');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('alert')).toHaveTextContent('A code has at least 2 characters.');
    expect(fetch.requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('opens the checkout once a code of the group lifts the rule', async () => {
    const { user, fetch } = await openBlocked(payableCart());
    await user.type(screen.getByLabelText('Code'), ' PREVIEW ');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Payment information' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay $50.00' })).toBeInTheDocument();
    expect(fetch.requests.find((r) => r.method === 'POST')?.body).toEqual({ code: 'PREVIEW' });
  });
});

describe('gift cards (shopping §2, §5, §8; identity §3 payment entry)', () => {
  const CARD = '6000111122223333';
  const card = (balance: string, state = 'active') => ({
    ledger: toCollection([{ number: CARD, balance, currency_code: 'USD', state }]),
  });

  async function applyGiftCard(ledger: Fixture, pay: Fixture = {}, bundle = payableCart()) {
    seedCart(bundle);
    const fetch = createFetchStub({
      'GET /api/my/cart/:id': bundle,
      'GET /api/ledger/ledger/:number': ledger,
      'POST /api/cart/:id/pay': pay,
    });
    const view = renderRoute('/checkout', { fetch });
    await view.user.click(await screen.findByRole('button', { name: 'Pay with a gift card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Apply a gift card' });
    await view.user.type(within(dialog).getByLabelText('Gift card number'), CARD);
    await view.user.click(within(dialog).getByRole('button', { name: 'Apply gift card' }));
    return { ...view, fetch, dialog };
  }

  it('by keyboard: the number field takes the focus; Escape gives it back to the button', async () => {
    seedCart(payableCart());
    const { user } = renderRoute('/checkout', {
      fetch: createFetchStub({ 'GET /api/my/cart/:id': payableCart() }),
    });
    const opener = await screen.findByRole('button', { name: 'Pay with a gift card' });
    opener.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Apply a gift card' });
    await waitFor(() => expect(within(dialog).getByLabelText('Gift card number')).toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it("says 'Gift card not found' on 404", async () => {
    const { dialog } = await applyGiftCard(errorResponse(404, 'not_found'));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/^Gift card not found$/);
  });

  it.each([
    ['a zero balance', card('0.00')],
    ['an inactive card', card('20.00', 'void')],
  ])('shows the zero-balance message for %s and pays nothing', async (_name, ledger) => {
    const { dialog, fetch } = await applyGiftCard(ledger);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      /^Gift Card balance is \$0$/,
    );
    expect(fetch.requests.some((r) => r.url.pathname.endsWith('/pay'))).toBe(false);
  });

  it("says 'Oops! You already applied this gift card' for a card already paid", async () => {
    const paid = payableCart('30.00', {
      payment: toCollection([
        {
          id: 'a1b2c3d4-0000-4000-8000-0000000000c1',
          cart_id: FIXTURE_CART_ID,
          gateway_id: 'ledger',
          amount: '20.00',
          state: 'succeeded',
          ledger_number: '************3333',
          created_at: '2026-06-01T14:00:00.000Z',
        },
      ]),
    });
    const { dialog, fetch } = await applyGiftCard(card('20.00'), {}, paid);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Oops! You already applied this gift card',
    );
    expect(fetch.requests.some((r) => r.url.pathname.startsWith('/api/ledger'))).toBe(false);
  });

  it('answers other failures with the trouble message', async () => {
    const { dialog } = await applyGiftCard(errorResponse(500, 'internal_error'));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'We are having trouble with that sorry. Please try again later.',
    );
  });

  it('pays the balance through the ledger gateway and shows the partial payment', async () => {
    const after = payableCart('30.00');
    const { fetch } = await applyGiftCard(card('20.00'), after);
    expect(
      await screen.findByText('Thank you! We received your payment of $20.00.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Still to pay: $30.00.')).toBeInTheDocument();
    const pay = fetch.requests.find((r) => r.url.pathname.endsWith('/pay'));
    // a guest's cart pays through cart/{id}/pay; my/cart/{id}/pay is for members
    expect(pay?.url.pathname).toBe(`/api/cart/${FIXTURE_CART_ID}/pay`);
    expect(pay?.body).toEqual({
      amount: '20.00',
      gateway_id: 'ledger',
      gateway_data: { ledger_type: 'ledger', ledger_number: CARD },
    });
    expect(pay?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByRole('button', { name: 'Pay $30.00' })).toBeInTheDocument();
  });

  it('goes to checkout complete when the card pays the whole cart', async () => {
    const { router } = await applyGiftCard(card('80.00'), jsonResponse(checkoutResponse(), 201));
    await screen.findByRole('heading', { name: 'Thank you for your order' });
    expect(router.state.location.pathname).toBe('/demo-museum/checkout/complete');
    expect(router.state.location.search).toBe(`?orderIds=${ORDER_ID}`);
  });
});
