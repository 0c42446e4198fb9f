import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toCollection } from '@admit/contracts/envelope';
import { createFetchStub, errorResponse } from '@/testing/fetch-stub';
import type { Fixture } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/render-route';
import {
  logInMember,
  logOutMember,
  makeMembership,
  myMembershipBody,
} from '@/testing/membership-fixtures';

const ORDER_ID = '00000000-0000-4000-8000-000000007800';
const PATH = `/manage/${ORDER_ID}/cancel-auto-renew`;
const DELETE = 'DELETE /api/ticket_order/:id/auto_renew';

beforeEach(() => {
  logOutMember();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.parse('2026-06-01T14:00:00.000Z'));
});
afterEach(() => vi.useRealTimers());

function renderCancel(fixtures: Record<string, Fixture>) {
  const fetch = createFetchStub(fixtures);
  return { ...renderRoute(PATH, { fetch }), fetch };
}

const deletes = (fetch: ReturnType<typeof createFetchStub>) =>
  fetch.requests.filter((r) => r.method === 'DELETE');

describe('/manage/{ticketOrderId}/cancel-auto-renew (identity §2, §4, §7)', () => {
  it('cancels a scheduled auto-renew and names the level and the valid-to date', async () => {
    logInMember();
    const term = makeMembership({ auto_renew_state: 'scheduled' });
    const { user, fetch, router } = renderCancel({
      'GET /api/my/membership': myMembershipBody([term]),
      [DELETE]: { membership: toCollection([{ ...term, auto_renew_state: 'cancelled' }]) },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Cancel auto-renew' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/Your membership will no longer renew automatically/),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm unenrollment' }));
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Auto-renew is cancelled for your Family membership.');
    expect(status).toHaveTextContent('Your membership stays valid to Thu, Dec 31, 2026.');
    expect(deletes(fetch).map((r) => r.url.pathname)).toEqual([
      `/api/ticket_order/${ORDER_ID}/auto_renew`,
    ]);
    expect(deletes(fetch)[0]!.headers.get('tix-app')).toBeTruthy();
    // Done goes back one page; a page opened from an e-mail goes to the shop instead
    await user.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(router.state.location.pathname).not.toContain('cancel-auto-renew'));
  });

  it('warns a member whose membership is not enrolled, without offering the button', async () => {
    logInMember();
    renderCancel({
      'GET /api/my/membership': myMembershipBody([
        makeMembership({ auto_renew_state: 'cancelled' }),
      ]),
    });
    const warning = await screen.findByRole('alert');
    expect(warning).toHaveTextContent(
      'Your membership is not enrolled in auto-renew, or its auto-renew has already been cancelled.',
    );
    expect(screen.getByRole('link', { name: 'My membership details' })).toHaveAttribute(
      'href',
      '/demo-museum/my/membership',
    );
    expect(screen.queryByRole('button', { name: 'Confirm unenrollment' })).not.toBeInTheDocument();
  });

  it('warns an anonymous visitor in other words when the server refuses', async () => {
    const { user } = renderCancel({
      [DELETE]: errorResponse(422, 'validation_failed', 'membership not enrolled in auto-renew'),
    });
    await user.click(await screen.findByRole('button', { name: 'Confirm unenrollment' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This membership is not enrolled in auto-renew, or its auto-renew has already been cancelled. Log in to see your membership details.',
    );
  });

  it('asks for a login first when the call needs one', async () => {
    const { user } = renderCancel({
      [DELETE]: errorResponse(401, 'not_authorized', 'Please log in'),
    });
    await user.click(await screen.findByRole('button', { name: 'Confirm unenrollment' }));
    expect(await screen.findByRole('dialog', { name: 'Log in' })).toBeInTheDocument();
  });
});
