import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFetchStub } from '@/testing/fetch-stub';
import type { StubRequest } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/render-route';
import {
  editBody,
  editingConfig,
  fact,
  manageBody,
  ORDER_ID,
  orderTicket,
  SECRET,
  SESSION_1,
} from '@/features/manage/manage-test-kit';

const MANAGE = `/manage/${ORDER_ID}?secret=${SECRET}`;
const NOW = new Date('2029-05-20T12:00:00Z');
// no edit open: the edit read answers 204 (a 404 was logged on every manage visit)
const NO_EDIT = () => new Response(null, { status: 204 });

beforeAll(async () => {
  await import('@/features/manage/manage-route');
  await import('@/features/manage/reschedule-route');
});
beforeEach(() => {
  // only the clock: the countdown's one-second tick stays real, the time it reads is ours
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
  localStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
});

function cancelEdit(ticketId: string, expiresIn: number) {
  return editBody({
    kind: 'cancel',
    cancelled_ticket_ids: [ticketId],
    difference: '-25.00',
    expires_in: expiresIn,
    expires_at: new Date(NOW.getTime() + expiresIn * 1000).toISOString(),
  });
}

describe('the edit expiry dialogs, manage variants (identity §2 "Global dialogs")', () => {
  it('offers 2 more minutes in the last minute, through PATCH ticket_order/{id}/edit', async () => {
    const a = orderTicket();
    const fetch = createFetchStub({
      [`GET /api/ticket_order/${ORDER_ID}/manage`]: manageBody([a], [fact(a.id)]),
      [`GET /api/ticket_order/${ORDER_ID}/edit`]: cancelEdit(a.id, 64),
      [`PATCH /api/ticket_order/${ORDER_ID}/edit`]: (request: StubRequest) => {
        expect(request.body).toEqual({
          expires_at: new Date(NOW.getTime() + (64 + 120) * 1000).toISOString(),
        });
        return cancelEdit(a.id, 184);
      },
    });
    const { user } = renderRoute(MANAGE, { fetch, config: editingConfig() });
    const offer = await screen.findByRole('dialog', { name: 'Need more time?' });
    expect(offer).toHaveTextContent(
      'Your changes will expire soon. Would you like 2 more minutes?',
    );
    await user.click(within(offer).getByRole('button', { name: 'Add 2 minutes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetch.requests.filter((r) => r.method === 'PATCH')).toHaveLength(1);
    const footer = screen.getByRole('region', { name: 'Your changes' });
    expect(within(footer).getByText('Your changes are held for 2:59.')).toBeInTheDocument();
  });

  it('on the manage page, an expired edit goes back to the manage page as it was', async () => {
    const a = orderTicket();
    let edit: unknown = cancelEdit(a.id, 600);
    const fetch = createFetchStub({
      [`GET /api/ticket_order/${ORDER_ID}/manage`]: manageBody([a], [fact(a.id)]),
      [`GET /api/ticket_order/${ORDER_ID}/edit`]: () => edit,
    });
    const { user, router } = renderRoute(MANAGE, { fetch, config: editingConfig() });
    await screen.findByText('To be cancelled');
    edit = NO_EDIT();
    act(() => {
      vi.setSystemTime(NOW.getTime() + 600_000);
    });
    const expired = await screen.findByRole('dialog', { name: 'Your changes timed out' });
    expect(expired).toHaveTextContent(
      'Your changes were not saved, and your order is as it was before.',
    );
    await user.click(within(expired).getByRole('button', { name: 'Back to your order' }));
    await waitFor(() => expect(screen.queryByText('To be cancelled')).toBeNull());
    expect(screen.queryByRole('region', { name: 'Your changes' })).toBeNull();
    expect(router.state.location.pathname).toBe(`/demo-museum/manage/${ORDER_ID}`);
  });

  it('on the reschedule page, an expired edit returns to /manage/{orderId}', async () => {
    const a = orderTicket();
    const b = orderTicket();
    let edit: unknown = cancelEdit(b.id, 600);
    const fetch = createFetchStub({
      [`GET /api/ticket_order/${ORDER_ID}/manage`]: manageBody([a, b], [fact(a.id), fact(b.id)]),
      [`GET /api/ticket_order/${ORDER_ID}/edit`]: () => edit,
      'GET /api/events/:id': { event_template: { _count: 0, _total: 0, _data: [] } },
    });
    const { user, router } = renderRoute(
      `/manage/${ORDER_ID}/reschedule/${SESSION_1}?secret=${SECRET}`,
      { fetch, config: editingConfig() },
    );
    await screen.findByRole('heading', { level: 1, name: 'Reschedule your visit' });
    edit = NO_EDIT();
    act(() => {
      vi.setSystemTime(NOW.getTime() + 600_000);
    });
    const expired = await screen.findByRole('dialog', { name: 'Your changes timed out' });
    await user.click(within(expired).getByRole('button', { name: 'Back to your order' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/demo-museum/manage/${ORDER_ID}`),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Manage your order' }),
    ).toBeVisible();
    expect(screen.queryByText('To be cancelled')).toBeNull();
  });
});

describe('the leave-page warning while changes are unsaved (identity §4 "Manage order")', () => {
  it('asks before leaving the order, not between its manage pages, and warns the browser', async () => {
    const a = orderTicket();
    const fetch = createFetchStub({
      [`GET /api/ticket_order/${ORDER_ID}/manage`]: manageBody([a], [fact(a.id)]),
      [`GET /api/ticket_order/${ORDER_ID}/edit`]: cancelEdit(a.id, 900),
      'GET /api/events/:id': { event_template: { _count: 0, _total: 0, _data: [] } },
    });
    const { user, router } = renderRoute(MANAGE, { fetch, config: editingConfig() });
    await screen.findByText('To be cancelled');

    // moving between the order's manage pages keeps the changes: nothing to ask
    await router.navigate(`/manage/${ORDER_ID}/reschedule/${SESSION_1}`);
    await screen.findByRole('heading', { level: 1, name: 'Reschedule your visit' });
    expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).toBeNull();
    await router.navigate(`/manage/${ORDER_ID}`);
    await screen.findByText('To be cancelled');

    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);

    await router.navigate('/events');
    const ask = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    const stay = within(ask).getByRole('button', { name: 'Stay on this page' });
    await waitFor(() => expect(stay).toHaveFocus());
    await user.click(stay);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe(`/demo-museum/manage/${ORDER_ID}`);

    await router.navigate('/events');
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave this page' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/demo-museum/events'));
    // gone with the page: the browser is no longer held
    const later = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(later);
    expect(later.defaultPrevented).toBe(false);
  });

  it('holds nothing without changes', async () => {
    const a = orderTicket();
    const fetch = createFetchStub({
      [`GET /api/ticket_order/${ORDER_ID}/manage`]: manageBody([a], [fact(a.id)]),
      [`GET /api/ticket_order/${ORDER_ID}/edit`]: NO_EDIT,
    });
    const { router } = renderRoute(MANAGE, { fetch, config: editingConfig() });
    await screen.findByRole('checkbox', { name: 'Ticket 1: Adult, $25.00' });
    await router.navigate('/events');
    await waitFor(() => expect(router.state.location.pathname).toBe('/demo-museum/events'));
    expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).toBeNull();
  });
});
