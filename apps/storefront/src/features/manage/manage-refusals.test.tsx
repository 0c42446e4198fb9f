import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CANCEL_ORDER_MESSAGES, LOG_OUT_TO_EDIT_MESSAGE } from '@admit/contracts/manage';
import { createFetchStub, errorResponse } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/render-route';
import {
  editBody,
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
const RESTART = 'Sorry, this change could not be made: your order or its times have changed.';

beforeAll(async () => {
  await import('@/features/manage/manage-route');
});
beforeEach(() => {
  localStorage.clear();
});

describe('manage order refusals (identity §6, §8)', () => {
  it('tells a logged-in member to log out, and a visitor without the link that the order is not found', async () => {
    const loggedIn = errorResponse(403, 'forbidden', LOG_OUT_TO_EDIT_MESSAGE, {
      reason: 'logged_in',
    });
    const first = renderRoute(MANAGE, {
      config: editingConfig(),
      fetch: createFetchStub({
        [`GET /api/ticket_order/${ORDER_ID}/manage`]: () => loggedIn,
        [`GET /api/ticket_order/${ORDER_ID}/edit`]: () => loggedIn,
      }),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please log-out to edit your tickets',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Manage your order' })).toBeVisible();
    // issue #25: the way on is one step, back to this order's manage page with its link
    expect(screen.getByRole('link', { name: 'Log out and manage this order' })).toHaveAttribute(
      'href',
      `/demo-museum/logout?next=${encodeURIComponent(MANAGE)}`,
    );
    first.unmount();

    renderRoute(`/manage/${ORDER_ID}`, {
      config: editingConfig(),
      fetch: createFetchStub({
        [`GET /api/ticket_order/${ORDER_ID}/manage`]: () =>
          errorResponse(404, 'not_found', 'We could not find that order.'),
        [`GET /api/ticket_order/${ORDER_ID}/edit`]: NO_EDIT,
      }),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not find that order.');
  });

  it('"Log out and manage this order" logs out and lands on the manage page, now editable', async () => {
    const loggedIn = errorResponse(403, 'forbidden', LOG_OUT_TO_EDIT_MESSAGE, {
      reason: 'logged_in',
    });
    let loggedOut = false;
    const ticket = orderTicket();
    const { user, router } = renderRoute(MANAGE, {
      config: editingConfig(),
      fetch: createFetchStub({
        [`GET /api/ticket_order/${ORDER_ID}/manage`]: () =>
          loggedOut ? manageBody([ticket], [fact(ticket.id)]) : loggedIn,
        [`GET /api/ticket_order/${ORDER_ID}/edit`]: () => (loggedOut ? NO_EDIT() : loggedIn),
        'POST /api/logout': () => ((loggedOut = true), {}),
      }),
    });
    await user.click(await screen.findByRole('link', { name: 'Log out and manage this order' }));
    await waitFor(() => expect(loggedOut).toBe(true));
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        `/demo-museum${MANAGE}`,
      ),
    );
    expect(await screen.findByText('Order A-1042')).toBeInTheDocument();
    expect(screen.queryByText('Please log-out to edit your tickets')).not.toBeInTheDocument();
  });

  it.each([
    ['tickets_too_old', 422, 'ticket_order'],
    ['ticket_not_found', 404, 'cart_remove_tickets'],
    ['event_session_sold_out', 409, 'reserve'],
    ['ticket_state_incorrect', 409, 'ticket_order'],
    ['cart_expired', 410, 'order_edit'],
  ])(
    '%s gives the restart message with a link to manage the order, which starts again',
    async (code, status, context) => {
      const a = orderTicket();
      let edit: unknown = NO_EDIT();
      const fetch = createFetchStub({
        [`GET /api/ticket_order/${ORDER_ID}/manage`]: manageBody([a], [fact(a.id)]),
        [`GET /api/ticket_order/${ORDER_ID}/edit`]: () => edit,
        [`POST /api/ticket_order/${ORDER_ID}/edit`]: () =>
          new Response(
            JSON.stringify({
              _data: [{ _code: code, _context: context, _description: code, _extra: null }],
            }),
            { status, headers: { 'Content-Type': 'application/json' } },
          ),
      });
      const { user } = renderRoute(MANAGE, { fetch, config: editingConfig() });
      await user.click(await screen.findByRole('checkbox', { name: 'Ticket 1: Adult, $25.00' }));
      await user.click(screen.getByRole('button', { name: 'Cancel selected tickets' }));
      await user.click(
        within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, cancel' }),
      );
      const alert = await screen.findByText(RESTART);
      const link = within(alert).getByRole('link', { name: 'Start again from your order' });
      expect(link).toHaveAttribute('href', `/demo-museum/manage/${ORDER_ID}?secret=${SECRET}`);

      edit = editBody({ kind: 'none' });
      const reads = fetch.requests.filter((r) => r.url.pathname.endsWith('/manage')).length;
      await user.click(link);
      await waitFor(() => expect(screen.queryByText(RESTART)).toBeNull());
      await waitFor(() =>
        expect(fetch.requests.filter((r) => r.url.pathname.endsWith('/manage')).length).toBe(
          reads + 1,
        ),
      );
      expect(screen.getByRole('heading', { level: 1, name: 'Manage your order' })).toHaveFocus();
    },
  );

  it("says the seller's cancel-order texts and why a session cannot change", async () => {
    const a = orderTicket();
    const locked = orderTicket({ event_session_id: SESSION_2 });
    const fetch = createFetchStub({
      [`GET /api/ticket_order/${ORDER_ID}/manage`]: manageBody(
        [a, locked],
        [
          fact(a.id, { cancellable: false, reschedulable: false, refusal: 'not_editable' }),
          fact(locked.id, { cancellable: false, reschedulable: false, refusal: 'tickets_too_old' }),
        ],
        { editable_session_ids: [] },
      ),
      [`GET /api/ticket_order/${ORDER_ID}/edit`]: NO_EDIT,
    });
    renderRoute(MANAGE, { fetch, config: editingConfig() });
    const [first, second] = await screen.findAllByRole('region', { name: 'General Admission' });
    expect(within(first!).getByText(CANCEL_ORDER_MESSAGES.contactToReschedule)).toBeInTheDocument();
    expect(
      within(second!).getByText('This visit is too close to be changed online.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel selected tickets' })).toBeNull();
  });
});
