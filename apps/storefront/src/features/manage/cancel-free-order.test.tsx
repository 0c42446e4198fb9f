import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { toCollection } from '@admit/contracts/envelope';
import { CANCEL_ORDER_MESSAGES, SELECT_ONE_TICKET_MESSAGE } from '@admit/contracts/manage';
import { createFetchStub } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/render-route';
import {
  editingConfig,
  fact,
  manageBody,
  ORDER_ID,
  orderTicket,
  SECRET,
  SESSION_2,
} from '@/features/manage/manage-test-kit';

const MANAGE = `/manage/${ORDER_ID}?secret=${SECRET}`;
// no edit open: the edit read answers 204 (a 404 was logged on every manage visit)
const NO_EDIT = () => new Response(null, { status: 204 });
const free = (overrides = {}) =>
  orderTicket({ face_value: '0.00', adjusted_value: '0.00', ...overrides });
/** Self-editing off: only the free-order rule lets tickets go (identity §5). */
const NOT_EDITABLE = { editable: false, editable_session_ids: [] };

beforeAll(async () => {
  await import('@/features/manage/manage-route');
});
beforeEach(() => {
  localStorage.clear();
});

/** POST ticket_order/{id}/cancel's answer: the order now, with no refund (a free order). */
function cancelAnswer() {
  return { ...manageBody([], []), payment_refund: toCollection([]) };
}

describe('cancel free order (identity §2 "Cancel free order", §5 free-order cancel)', () => {
  it('groups the valid tickets by date and session, with a select-all each, and cancels the selected ones after a confirm', async () => {
    const a = free();
    const b = free();
    const c = free({ event_session_id: SESSION_2 });
    const gone = free({ state: 'cancelled' });
    let order = manageBody(
      [a, b, c, gone],
      [
        fact(a.id),
        fact(b.id),
        fact(c.id),
        fact(gone.id, { label: 'cancelled', cancellable: false, reschedulable: false }),
      ],
      { ...NOT_EDITABLE, order_cancellable: true },
    );
    const fetch = createFetchStub({
      [`GET /api/ticket_order/${ORDER_ID}/manage`]: () => order,
      [`GET /api/ticket_order/${ORDER_ID}/edit`]: NO_EDIT,
      [`POST /api/ticket_order/${ORDER_ID}/cancel`]: () => {
        order = manageBody(
          [a, b, c],
          [fact(a.id, { label: 'cancelled', cancellable: false }), fact(b.id), fact(c.id)],
          { ...NOT_EDITABLE, order_cancellable: true },
        );
        return cancelAnswer();
      },
    });
    const { user } = renderRoute(MANAGE, { fetch, config: editingConfig(false) });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Cancel your tickets' }),
    ).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'Sat, Jun 2, 2029' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'Sat, Jun 9, 2029' })).toBeVisible();
    const first = screen.getAllByRole('region', { name: 'General Admission, 10:00 AM' })[0]!;
    // the cancelled ticket is not a valid one: not listed
    expect(within(first).getAllByRole('checkbox', { name: /^Ticket/ })).toHaveLength(2);
    expect(screen.queryByText('Cancelled')).toBeNull();

    const cancelSelected = screen.getByRole('button', { name: 'Cancel selected tickets' });
    await user.click(cancelSelected);
    expect(screen.getByRole('alert')).toHaveTextContent(SELECT_ONE_TICKET_MESSAGE);

    await user.click(within(first).getByRole('checkbox', { name: /^Select all tickets for/ }));
    await user.click(within(first).getByRole('checkbox', { name: 'Ticket 2: Adult, $0.00' }));
    await user.click(cancelSelected);
    const dialog = await screen.findByRole('dialog', { name: 'Cancel these tickets?' });
    expect(dialog).toHaveTextContent('1 ticket will be cancelled now. This cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel' }));

    expect(
      await screen.findByText(
        'Your tickets have been cancelled. We have e-mailed you a confirmation.',
      ),
    ).toBeVisible();
    const post = fetch.requests.find((r) => r.method === 'POST')!;
    expect(post.body).toEqual({ tickets: [a.id] });
    expect(post.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(post.url.searchParams.get('secret')).toBe(SECRET);
    await waitFor(() =>
      expect(screen.getAllByRole('checkbox', { name: /^Ticket/ })).toHaveLength(2),
    );
  });

  it('cancels the whole order after a confirm', async () => {
    const a = free();
    const b = free({ event_session_id: SESSION_2 });
    const fetch = createFetchStub({
      [`GET /api/ticket_order/${ORDER_ID}/manage`]: manageBody([a, b], [fact(a.id), fact(b.id)], {
        ...NOT_EDITABLE,
        order_cancellable: true,
      }),
      [`GET /api/ticket_order/${ORDER_ID}/edit`]: NO_EDIT,
      [`POST /api/ticket_order/${ORDER_ID}/cancel`]: cancelAnswer,
    });
    const { user } = renderRoute(MANAGE, { fetch, config: editingConfig(false) });
    await user.click(await screen.findByRole('button', { name: 'Cancel whole order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel your whole order?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel' }));
    await screen.findByText(
      'Your tickets have been cancelled. We have e-mailed you a confirmation.',
    );
    expect(fetch.requests.find((r) => r.method === 'POST')!.body).toEqual({
      tickets: [a.id, b.id],
    });
  });

  it("says 'No valid tickets found on this order', or for a paid order 'You must contact us to cancel this order'", async () => {
    const a = free({ state: 'cancelled' });
    const first = renderRoute(MANAGE, {
      config: editingConfig(false),
      fetch: createFetchStub({
        [`GET /api/ticket_order/${ORDER_ID}/manage`]: manageBody(
          [a],
          [fact(a.id, { label: 'cancelled', cancellable: false, reschedulable: false })],
          NOT_EDITABLE,
        ),
        [`GET /api/ticket_order/${ORDER_ID}/edit`]: NO_EDIT,
      }),
    });
    expect(await screen.findByText(CANCEL_ORDER_MESSAGES.noValidTickets)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Cancel selected tickets' })).toBeNull();
    first.unmount();

    const paid = orderTicket();
    renderRoute(MANAGE, {
      config: editingConfig(false),
      fetch: createFetchStub({
        [`GET /api/ticket_order/${ORDER_ID}/manage`]: manageBody(
          [paid],
          [fact(paid.id, { cancellable: false, reschedulable: false, refusal: 'not_editable' })],
          NOT_EDITABLE,
        ),
        [`GET /api/ticket_order/${ORDER_ID}/edit`]: NO_EDIT,
      }),
    });
    expect(await screen.findByText(CANCEL_ORDER_MESSAGES.contactToCancel)).toBeVisible();
  });
});
