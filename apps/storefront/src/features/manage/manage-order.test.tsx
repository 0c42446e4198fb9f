import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SELECT_ONE_TICKET_MESSAGE } from '@admit/contracts/manage';
import { createFetchStub } from '@/testing/fetch-stub';
import type { StubRequest } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/render-route';
import {
  CHILD,
  committedOrder,
  editBody,
  editingConfig,
  fact,
  manageBody,
  ORDER_ID,
  orderTicket,
  SECRET,
  SESSION_1,
  SESSION_2,
} from '@/features/manage/manage-test-kit';

const MANAGE = `/manage/${ORDER_ID}?secret=${SECRET}`;
// no edit open: the edit read answers 204 (a 404 was logged on every manage visit)
const NO_EDIT = () => new Response(null, { status: 204 });

beforeAll(async () => {
  await import('@/features/manage/manage-route');
});
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('manage order (identity §2 "Manage order", §4 "Ticket states")', () => {
  it('shows each session with its tickets, prices and labels, and reschedule only where the session is editable', async () => {
    const a = orderTicket();
    const b = orderTicket({ state: 'redeemed' });
    const c = orderTicket({ state: 'cancelled' });
    const past = orderTicket({ event_session_id: SESSION_2 });
    const fetch = createFetchStub({
      [`GET /api/ticket_order/${ORDER_ID}/manage`]: manageBody(
        [a, b, c, past],
        [
          fact(a.id),
          fact(b.id, { label: 'redeemed', cancellable: false, reschedulable: false }),
          fact(c.id, { label: 'cancelled', cancellable: false, reschedulable: false }),
          fact(past.id, { label: 'past_event', cancellable: false, reschedulable: false }),
        ],
        { editable_session_ids: [] },
      ),
      [`GET /api/ticket_order/${ORDER_ID}/edit`]: NO_EDIT,
    });
    renderRoute(MANAGE, { fetch, config: editingConfig() });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Manage your order' }),
    ).toBeVisible();
    expect(screen.getByText('Order A-1042')).toBeInTheDocument();
    const visits = screen.getAllByRole('region', { name: 'General Admission' });
    expect(visits).toHaveLength(2);
    const first = visits[0]!;
    expect(within(first).getByText('Sat, Jun 2, 2029 at 10:00 AM')).toBeInTheDocument();
    expect(
      within(first).getByRole('checkbox', { name: 'Ticket 1: Adult, $25.00' }),
    ).toBeInTheDocument();
    expect(within(first).getByText('Redeemed')).toBeInTheDocument();
    expect(within(first).getByText('Cancelled')).toBeInTheDocument();
    // a redeemed or cancelled ticket has nothing left to tick
    expect(within(first).getAllByRole('checkbox')).toHaveLength(1);
    expect(within(visits[1]!).getByText('Past Event')).toBeInTheDocument();
    // identity §4: a session with a redeemed ticket is not editable — no reschedule
    expect(screen.queryByRole('link', { name: /^Reschedule/ })).toBeNull();
    // the secret link's holder: the calls carry the secret
    const read = fetch.requests.find((r) => r.url.pathname.endsWith('/manage'))!;
    expect(read.url.searchParams.get('secret')).toBe(SECRET);
  });

  it('selects all of a session, asks first, and puts the tickets in the edit; at least one must be ticked', async () => {
    const a = orderTicket();
    const b = orderTicket({ ticket_type_id: CHILD });
    const other = orderTicket({ event_session_id: SESSION_2 });
    let edit: unknown = NO_EDIT();
    const fetch = createFetchStub({
      [`GET /api/ticket_order/${ORDER_ID}/manage`]: manageBody(
        [a, b, other],
        [fact(a.id), fact(b.id), fact(other.id)],
      ),
      [`GET /api/ticket_order/${ORDER_ID}/edit`]: () => edit,
      [`POST /api/ticket_order/${ORDER_ID}/edit`]: (request: StubRequest) => {
        const body = request.body as { cancel: string[] };
        edit = editBody({
          kind: 'cancel',
          cancelled_ticket_ids: body.cancel,
          credit: '37.00',
          difference: '-37.00',
        });
        return edit;
      },
    });
    const { user } = renderRoute(MANAGE, { fetch, config: editingConfig() });
    const first = (await screen.findAllByRole('region', { name: 'General Admission' }))[0]!;

    // an editable session (identity §4) is rescheduled on its own page
    expect(
      within(first).getByRole('link', {
        name: 'Reschedule General Admission, Sat, Jun 2, 2029 at 10:00 AM',
      }),
    ).toHaveAttribute(
      'href',
      `/demo-museum/manage/${ORDER_ID}/reschedule/${SESSION_1}?secret=${SECRET}`,
    );

    const cancelSelected = screen.getByRole('button', { name: 'Cancel selected tickets' });
    await user.click(cancelSelected);
    expect(screen.getByRole('alert')).toHaveTextContent(SELECT_ONE_TICKET_MESSAGE);
    expect(screen.queryByRole('dialog')).toBeNull();

    const all = within(first).getByRole('checkbox', {
      name: 'Select all tickets for General Admission, Sat, Jun 2, 2029 at 10:00 AM',
    });
    await user.click(all);
    expect(within(first).getByRole('checkbox', { name: 'Ticket 1: Adult, $25.00' })).toBeChecked();
    expect(within(first).getByRole('checkbox', { name: 'Ticket 2: Child, $25.00' })).toBeChecked();
    expect(screen.queryByText(SELECT_ONE_TICKET_MESSAGE)).toBeNull();
    // the other session's ticket is not part of this session's select-all
    const second = screen.getAllByRole('region', { name: 'General Admission' })[1]!;
    expect(within(second).getByRole('checkbox')).not.toBeChecked();
    await user.click(within(first).getByRole('checkbox', { name: 'Ticket 2: Child, $25.00' }));
    expect(all).toBePartiallyChecked();
    await user.click(all);

    await user.click(cancelSelected);
    const dialog = await screen.findByRole('dialog', { name: 'Cancel these tickets?' });
    expect(dialog).toHaveTextContent('2 tickets will be cancelled when you confirm your changes.');
    // the safe choice first; closing gives focus back to the opener
    expect(within(dialog).getByRole('button', { name: 'Keep my tickets' })).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(cancelSelected).toHaveFocus());

    await user.click(cancelSelected);
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, cancel' }),
    );
    await waitFor(() => expect(screen.getAllByText('To be cancelled')).toHaveLength(2));
    const post = fetch.requests.find((r) => r.method === 'POST')!;
    expect(post.body).toEqual({ cancel: [a.id, b.id] });
    expect(post.url.searchParams.get('secret')).toBe(SECRET);
    const footer = screen.getByRole('region', { name: 'Your changes' });
    expect(within(footer).getByText('To be refunded: $37.00')).toBeInTheDocument();
    expect(within(footer).getByRole('button', { name: 'Confirm Changes' })).toBeEnabled();
  });

  it('Confirm Changes with nothing to pay checks out free and says the cancel wording, with the refund', async () => {
    const a = orderTicket();
    let edit: unknown = editBody({
      kind: 'cancel',
      cancelled_ticket_ids: [a.id],
      credit: '29.40',
      difference: '-29.40',
    });
    const fetch = createFetchStub({
      [`GET /api/ticket_order/${ORDER_ID}/manage`]: manageBody([a], [fact(a.id)]),
      [`GET /api/ticket_order/${ORDER_ID}/edit`]: () => edit,
      [`POST /api/ticket_order/${ORDER_ID}/edit/pay`]: () => {
        edit = NO_EDIT();
        return jsonCreated(committedOrder());
      },
    });
    const { user } = renderRoute(MANAGE, { fetch, config: editingConfig() });
    await user.click(await screen.findByRole('button', { name: 'Confirm Changes' }));

    expect(
      await screen.findByText(
        'Your tickets have been cancelled. We have e-mailed you a confirmation.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText('A refund of $29.40 will be made to your original payment.'),
    ).toBeInTheDocument();
    const pay = fetch.requests.find((r) => r.url.pathname.endsWith('/edit/pay'))!;
    expect(pay.body).toEqual({ amount: '0.00', gateway_id: 'free', gateway_data: {} });
    expect(pay.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Your changes' })).toBeNull());
  });

  it('the success text is the reschedule wording when a ticket moved', async () => {
    const a = orderTicket();
    const fetch = createFetchStub({
      [`GET /api/ticket_order/${ORDER_ID}/manage`]: manageBody([a], [fact(a.id)]),
      [`GET /api/ticket_order/${ORDER_ID}/edit`]: editBody({
        kind: 'reschedule',
        rescheduled: [{ ticket_id: a.id, replacement_ticket_id: a.id }],
        credit: '25.00',
        added: '25.00',
      }),
      [`POST /api/ticket_order/${ORDER_ID}/edit/pay`]: () => jsonCreated(committedOrder()),
    });
    const { user } = renderRoute(MANAGE, { fetch, config: editingConfig() });
    const footer = await screen.findByRole('region', { name: 'Your changes' });
    expect(within(footer).getByText('Nothing to pay')).toBeInTheDocument();
    await user.click(within(footer).getByRole('button', { name: 'Confirm Changes' }));
    const done = await screen.findByText(
      'Your visit has been rescheduled. We have e-mailed you your updated tickets.',
    );
    await waitFor(() => expect(done.closest('[role="status"]')).toHaveFocus());
  });

  it('Confirm Changes with something to pay goes to the payment step; an amount a card cannot take is refused', async () => {
    const a = orderTicket();
    let difference = '15.00';
    const fetch = createFetchStub({
      [`GET /api/ticket_order/${ORDER_ID}/manage`]: manageBody([a], [fact(a.id)]),
      [`GET /api/ticket_order/${ORDER_ID}/edit`]: () =>
        editBody({ kind: 'reschedule', difference, credit: '25.00', added: '40.00' }),
    });
    const first = renderRoute(MANAGE, { fetch, config: editingConfig() });
    const footer = await screen.findByRole('region', { name: 'Your changes' });
    expect(within(footer).getByText('To pay: $15.00')).toBeInTheDocument();
    await first.user.click(within(footer).getByRole('button', { name: 'Confirm Changes' }));
    await waitFor(() =>
      expect(first.router.state.location.pathname).toBe(`/demo-museum/manage/${ORDER_ID}/confirm`),
    );
    first.unmount();

    // spec: identity §5, §9 — a card takes 0.50 at least: 0.20 is 'Payment is not supported…'
    difference = '0.20';
    const second = renderRoute(MANAGE, { fetch, config: editingConfig() });
    const again = await screen.findByRole('region', { name: 'Your changes' });
    await second.user.click(within(again).getByRole('button', { name: 'Confirm Changes' }));
    expect(within(again).getByRole('alert')).toHaveTextContent(
      'Payment is not supported for this amount',
    );
    expect(second.router.state.location.pathname).toBe(`/demo-museum/manage/${ORDER_ID}`);
    expect(fetch.requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('Cancel discards the edit, and Undo restores one ticket', async () => {
    const a = orderTicket();
    const b = orderTicket();
    let edit: unknown = editBody({
      kind: 'cancel',
      cancelled_ticket_ids: [a.id, b.id],
      difference: '-50.00',
    });
    const fetch = createFetchStub({
      [`GET /api/ticket_order/${ORDER_ID}/manage`]: manageBody([a, b], [fact(a.id), fact(b.id)]),
      [`GET /api/ticket_order/${ORDER_ID}/edit`]: () => edit,
      [`POST /api/ticket_order/${ORDER_ID}/edit`]: () => {
        edit = editBody({ kind: 'cancel', cancelled_ticket_ids: [b.id], difference: '-25.00' });
        return edit;
      },
      [`DELETE /api/ticket_order/${ORDER_ID}/edit`]: () => {
        edit = NO_EDIT();
        return new Response(null, { status: 204 });
      },
    });
    const { user } = renderRoute(MANAGE, { fetch, config: editingConfig() });
    await user.click(
      await screen.findByRole('button', { name: 'Undo the change to Ticket 1: Adult, $25.00' }),
    );
    await waitFor(() => expect(screen.getAllByText('To be cancelled')).toHaveLength(1));
    const restore = fetch.requests.find((r) => r.method === 'POST')!;
    expect(restore.body).toEqual({ restore: [a.id], cart_id: expect.any(String) });

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText('To be cancelled')).toBeNull());
    expect(fetch.requests.some((r) => r.method === 'DELETE')).toBe(true);
    expect(screen.queryByRole('region', { name: 'Your changes' })).toBeNull();
  });
});

function jsonCreated(body: unknown) {
  return new Response(JSON.stringify(body), {
    status: 201,
    headers: { 'Content-Type': 'application/json' },
  });
}

describe('the cancel-order button (identity §5 "An order can be cancelled only if …")', () => {
  it('cancels every valid ticket of a free order at once, after a confirm', async () => {
    const a = orderTicket({ face_value: '0.00', adjusted_value: '0.00' });
    const b = orderTicket({ face_value: '0.00', adjusted_value: '0.00', state: 'redeemed' });
    const fetch = createFetchStub({
      [`GET /api/ticket_order/${ORDER_ID}/manage`]: manageBody(
        [a, b],
        [fact(a.id), fact(b.id, { label: 'redeemed', cancellable: false, reschedulable: false })],
        { order_cancellable: true },
      ),
      [`GET /api/ticket_order/${ORDER_ID}/edit`]: NO_EDIT,
      [`POST /api/ticket_order/${ORDER_ID}/cancel`]: () => ({
        ...manageBody([], []),
        payment_refund: { _count: 0, _total: 0, _data: [] },
      }),
    });
    const { user } = renderRoute(MANAGE, { fetch, config: editingConfig() });
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel your whole order?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel' }));
    expect(
      await screen.findByText(
        'Your tickets have been cancelled. We have e-mailed you a confirmation.',
      ),
    ).toBeVisible();
    const post = fetch.requests.find((r) => r.url.pathname.endsWith('/cancel'))!;
    expect(post.body).toEqual({ tickets: [a.id] });
    expect(post.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('by keyboard (issue 13: every screen usable without a mouse)', () => {
  it('ticks with Space, opens the confirm modal with Enter and comes back to its opener on Escape', async () => {
    const a = orderTicket();
    const b = orderTicket();
    const fetch = createFetchStub({
      [`GET /api/ticket_order/${ORDER_ID}/manage`]: manageBody([a, b], [fact(a.id), fact(b.id)]),
      [`GET /api/ticket_order/${ORDER_ID}/edit`]: NO_EDIT,
    });
    const { user } = renderRoute(MANAGE, { fetch, config: editingConfig() });
    const all = await screen.findByRole('checkbox', { name: /^Select all tickets for/ });
    all.focus();
    await user.keyboard(' ');
    expect(screen.getByRole('checkbox', { name: 'Ticket 1: Adult, $25.00' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Ticket 2: Adult, $25.00' })).toBeChecked();
    await user.tab();
    expect(screen.getByRole('checkbox', { name: 'Ticket 1: Adult, $25.00' })).toHaveFocus();
    await user.keyboard(' ');
    expect(all).toBePartiallyChecked();

    const cancelSelected = screen.getByRole('button', { name: 'Cancel selected tickets' });
    cancelSelected.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Cancel these tickets?' });
    expect(dialog).toHaveTextContent('1 ticket will be cancelled when you confirm your changes.');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(cancelSelected).toHaveFocus());
  });
});
