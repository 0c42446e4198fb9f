import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { toCollection } from '@admit/contracts/envelope';
import { fillCard } from '@/testing/balance-fixtures';
import { SANDBOX_METHOD } from '@/testing/checkout-fixtures';
import { createFetchStub, errorResponse, jsonResponse } from '@/testing/fetch-stub';
import type { Fixture } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/render-route';
import {
  committedOrder,
  editBody,
  editingConfig,
  fact,
  manageBody,
  ORDER_ID,
  orderTicket,
  SECRET,
} from '@/features/manage/manage-test-kit';

const CONFIRM = `/manage/${ORDER_ID}/confirm?secret=${SECRET}`;
const dearer = () =>
  editBody({ kind: 'reschedule', credit: '29.40', added: '43.55', difference: '14.15' });

beforeAll(async () => {
  await import('@/features/manage/confirm-route');
  await import('@/features/manage/manage-route');
});
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

function confirmPage(pay: Fixture, extra: Record<string, Fixture> = {}) {
  const a = orderTicket();
  const fetch = createFetchStub({
    [`GET /api/ticket_order/${ORDER_ID}/manage`]: manageBody([a], [fact(a.id)]),
    [`GET /api/ticket_order/${ORDER_ID}/edit`]: dearer(),
    'POST /api/sandbox/payment_methods': jsonResponse(SANDBOX_METHOD, 201),
    [`POST /api/ticket_order/${ORDER_ID}/edit/pay`]: pay,
    ...extra,
  });
  return { ...renderRoute(CONFIRM, { fetch, config: editingConfig() }), fetch };
}

const payCalls = (fetch: ReturnType<typeof createFetchStub>) =>
  fetch.requests.filter((r) => r.url.pathname.endsWith('/edit/pay'));

describe('confirm: the checkout screen pays the difference (identity §2 /manage/{orderId}/confirm)', () => {
  it('pays by card through the edit, then returns to the order with the reschedule text', async () => {
    const { user, fetch, router } = confirmPage(() => jsonResponse(committedOrder(), 201));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Pay for your changes' }),
    ).toBeVisible();
    expect(screen.getByText('Your current tickets: $29.40')).toBeInTheDocument();
    expect(screen.getByText('Your new tickets: $43.55')).toBeInTheDocument();
    expect(screen.getByText('Difference to pay: $14.15')).toBeInTheDocument();
    // the order and its buyer exist: no identity form
    expect(screen.queryByLabelText(/^First name/)).toBeNull();
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Pay $14.15' }));

    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/demo-museum/manage/${ORDER_ID}`),
    );
    const done = await screen.findByText(
      'Your visit has been rescheduled. We have e-mailed you your updated tickets.',
    );
    expect(done).toBeVisible();
    const [call] = payCalls(fetch);
    expect(call?.url.searchParams.get('secret')).toBe(SECRET);
    expect(call?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(call?.body).toMatchObject({
      amount: '14.15',
      gateway_id: 'stripe',
      gateway_data: {
        source: 'pm_sandbox_1',
        source_type: 'card',
        return_url: `/demo-museum/manage/${ORDER_ID}/confirm?secret=${SECRET}`,
      },
    });
  });

  it('takes a gift card through the edit too, and stays with what is left', async () => {
    const partial = editBody(
      { kind: 'reschedule', credit: '29.40', added: '43.55', difference: '14.15' },
      { outstanding: '4.15' },
    );
    const { user, fetch } = confirmPage(() => partial, {
      'GET /api/ledger/ledger/:number': {
        ledger: toCollection([
          { number: '6000111122223333', balance: '10.00', currency_code: 'USD', state: 'active' },
        ]),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Pay with a gift card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Apply a gift card' });
    await user.type(within(dialog).getByLabelText('Gift card number'), '6000111122223333');
    await user.click(within(dialog).getByRole('button', { name: 'Apply gift card' }));

    expect(await screen.findByText(/We received your payment of \$10\.00/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay $4.15' })).toBeEnabled();
    expect(payCalls(fetch)[0]?.body).toMatchObject({
      amount: '10.00',
      gateway_id: 'ledger',
      gateway_data: { ledger_type: 'ledger', ledger_number: '6000111122223333' },
    });
    // the edit's cart is not the visitor's shopping cart
    expect(localStorage.getItem('admit:demo-museum:cart')).toBeNull();
  });

  it('a manage refusal while paying gives the restart message with a link to the order', async () => {
    const { user } = confirmPage(() =>
      errorResponse(410, 'cart_expired', 'The cart has expired', { cart_id: 'x' }),
    );
    await screen.findByRole('heading', { level: 1, name: 'Pay for your changes' });
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Pay $14.15' }));
    const alert = await screen.findByText(
      'Sorry, this change could not be made: your order or its times have changed.',
    );
    expect(
      within(alert).getByRole('link', { name: 'Start again from your order' }),
    ).toHaveAttribute('href', `/demo-museum/manage/${ORDER_ID}?secret=${SECRET}`);
  });

  it('a card decline stays on the page with the card message', async () => {
    const { user, router } = confirmPage(() =>
      errorResponse(402, 'card_declined', 'Your card was declined.'),
    );
    await screen.findByRole('heading', { level: 1, name: 'Pay for your changes' });
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Pay $14.15' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your card has not been charged. Your card was declined.',
    );
    expect(router.state.location.pathname).toBe(`/demo-museum/manage/${ORDER_ID}/confirm`);
  });

  it('with nothing to pay there is no payment step: back to the manage page', async () => {
    const a = orderTicket();
    const { router } = renderRoute(CONFIRM, {
      config: editingConfig(),
      fetch: createFetchStub({
        [`GET /api/ticket_order/${ORDER_ID}/manage`]: manageBody([a], [fact(a.id)]),
        [`GET /api/ticket_order/${ORDER_ID}/edit`]: editBody({
          kind: 'cancel',
          cancelled_ticket_ids: [a.id],
          difference: '-25.00',
        }),
      }),
    });
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/demo-museum/manage/${ORDER_ID}`),
    );
    expect(await screen.findByRole('button', { name: 'Confirm Changes' })).toBeVisible();
  });
});
