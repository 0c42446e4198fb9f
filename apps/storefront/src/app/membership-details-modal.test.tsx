import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { toCollection } from '@admit/contracts/envelope';
import {
  eventTemplateBody,
  fixtureId,
  makeEventTemplate,
  makeMeta,
  makeTicketGroup,
  makeTicketType,
  makeVenue,
} from '@/testing/api-fixtures';
import { createFetchStub, jsonResponse } from '@/testing/fetch-stub';
import type { Fixture } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/render-route';
import {
  familyMembershipBody,
  logInMember,
  logOutMember,
  MEMBERSHIP_EVENT_ID,
  savedCardBody,
  typeSandboxCard,
} from '@/testing/membership-fixtures';
import { makeSellerConfig } from '@/testing/seller-config';
import { clearAuthCookie, setAuthCookie } from '@/features/login/login-test-kit';

/**
 * The membership details modal (shopping §2 "Modals", identity §2 "My membership details",
 * decision 0080): opened from the member's welcome banner and the header, on the modal stack,
 * by keyboard; it closes on Escape, on a link and when the session ends.
 */

const EVENT_ID = fixtureId(90);
const IN_TERM = Date.parse('2026-06-01T14:00:00.000Z');
const IN_RENEWAL = Date.parse('2026-12-01T14:00:00.000Z');
const ACCEPTED = { accepted: toCollection([{ accepted: true as const }]) };
const SELLS = makeSellerConfig({
  membership: { presell: true, event_id: MEMBERSHIP_EVENT_ID, external_url: null },
});

/** A quantity-first event with one public group: the member's welcome banner shows on it. */
const eventBody = () =>
  eventTemplateBody({
    event_template: [makeEventTemplate({ id: EVENT_ID, name: 'Gallery Late' })],
    meta: [makeMeta(EVENT_ID, 'reserve_flow', 'quantity_first')],
    venue: [makeVenue()],
    ticket_group: [makeTicketGroup({ id: fixtureId(910), event_template_id: EVENT_ID })],
    ticket_type: [makeTicketType({ ticket_group_id: fixtureId(910), name: 'Adult' })],
  });

function renderAs(path: string, fixtures: Record<string, Fixture> = {}) {
  logInMember();
  const fetch = createFetchStub({
    'GET /api/my/membership': familyMembershipBody(),
    'GET /api/events/:id': eventBody(),
    ...fixtures,
  });
  return { ...renderRoute(path, { fetch, config: SELLS }), fetch };
}

const dialog = () => screen.findByRole('dialog', { name: 'My membership details' });

beforeAll(async () => {
  await import('@/features/event/event-route');
  await import('@/features/account/membership-details-dialog');
});
beforeEach(() => {
  logOutMember();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(IN_TERM);
});
afterEach(() => {
  clearAuthCookie();
  vi.useRealTimers();
});

describe('the membership details modal (shopping §2 "Modals")', () => {
  it('opens from the welcome banner with the details, closes on Escape and gives focus back', async () => {
    const { user, fetch } = renderAs(`/events/${EVENT_ID}`, {
      'GET /api/my/identity/saved_payment_method': savedCardBody(),
    });
    const banner = await screen.findByRole('complementary', { name: 'Member' });
    expect(banner).toHaveTextContent('Welcome back, Mia!');
    const opener = within(banner).getByRole('button', { name: 'View membership details' });
    expect(opener).toHaveAttribute('aria-haspopup', 'dialog');
    await user.click(opener);

    const modal = await dialog();
    const card = await within(modal).findByRole('region', { name: 'Family' });
    expect(within(modal).getByText('DM100001')).toBeInTheDocument();
    // under the modal's own title, a level is a third-level heading
    expect(within(card).getByRole('heading', { level: 3, name: 'Family' })).toBeInTheDocument();
    expect(card).toHaveTextContent('Mia Member, Max Member');
    expect(card).toHaveTextContent('Expires Thu, Dec 31, 2026');
    // outside the renewal period: the date it opens, no link
    expect(card).toHaveTextContent('Renew from Mon, Nov 2, 2026');
    expect(within(card).queryByRole('link', { name: /Renew/ })).not.toBeInTheDocument();
    expect(card).toHaveTextContent('Auto-renew: On');
    expect(
      within(card).getByRole('img', { name: 'QR code of membership ID DM100001' }),
    ).toBeInTheDocument();
    expect(within(modal).getByRole('button', { name: 'Resend membership e-mail' })).toBeVisible();
    expect(within(modal).getByRole('link', { name: 'Give a membership' })).toHaveAttribute(
      'href',
      '/demo-museum/membership/gift',
    );
    // the saved card is shown, and can be replaced here (decision 0092)
    const saved = await within(modal).findByRole('region', { name: 'Saved card' });
    expect(saved).toHaveTextContent('Visa ending 4242 · expires 03/2031');
    expect(within(saved).getByRole('button', { name: 'Replace card' })).toBeVisible();
    expect(fetch.requests.filter((r) => r.url.pathname === '/api/my/membership').length).toBe(1);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // react-aria gives the focus back once the modal has left (after its exit transition)
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('opens from the header by keyboard, takes the focus, and e-mails the membership again', async () => {
    const { user, fetch } = renderAs('/resend', {
      'POST /api/my/ticket_order/resend': ACCEPTED,
    });
    const header = within(screen.getByRole('banner'));
    const opener = await header.findByRole('button', { name: 'View membership details' });
    act(() => opener.focus());
    await user.keyboard('{Enter}');
    const modal = await dialog();
    await within(modal).findByRole('region', { name: 'Family' });
    // the keyboard is in the dialog (react-aria's focus scope), not behind it
    expect(modal.contains(document.activeElement)).toBe(true);

    await user.click(within(modal).getByRole('button', { name: 'Resend membership e-mail' }));
    expect(await within(modal).findByRole('status')).toHaveTextContent(
      'Your membership details have been resent.',
    );
    expect(
      fetch.requests.filter((r) => r.method === 'POST').map((r) => [r.url.pathname, r.body]),
    ).toEqual([['/api/my/ticket_order/resend', { memberships_only: true }]]);

    await user.click(within(modal).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // react-aria gives the focus back once the modal has left (after its exit transition)
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('replaces the saved card by keyboard inside the modal, which stays open and keeps the focus', async () => {
    const mastercard = { id: fixtureId(7991), type: 'card' as const, brand: 'mastercard' };
    const newCard = { ...mastercard, last4: '4444', exp_month: 12, exp_year: 2030 };
    const { user, fetch } = renderAs('/resend', {
      'GET /api/my/identity/saved_payment_method': savedCardBody(),
      // the sandbox's token, then the saved card (decision 0067)
      'POST /api/sandbox/payment_methods': () =>
        jsonResponse(
          { payment_method: toCollection([{ ...newCard, id: 'pm_sandbox_4444' }]) },
          201,
        ),
      'POST /api/my/identity/saved_payment_method': () =>
        jsonResponse(
          {
            saved_payment_method: toCollection([
              { ...newCard, created_at: '2026-06-01T14:00:00.000Z' },
            ]),
          },
          201,
        ),
    });
    const opener = await within(screen.getByRole('banner')).findByRole('button', {
      name: 'View membership details',
    });
    act(() => opener.focus());
    await user.keyboard('{Enter}');
    const modal = await dialog();
    const saved = await within(modal).findByRole('region', { name: 'Saved card' });
    const inModal = () => expect(modal.contains(document.activeElement)).toBe(true);

    // Cancel: nothing sent, the modal stays, the keyboard is back on the button
    act(() => within(saved).getByRole('button', { name: 'Replace card' }).focus());
    await user.keyboard('{Enter}');
    let form = within(saved).getByRole('form', { name: 'Your new card' });
    expect(within(form).getByRole('heading', { name: 'Your new card' })).toHaveFocus();
    act(() => within(form).getByRole('button', { name: 'Cancel' }).focus());
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(within(saved).getByRole('button', { name: 'Replace card' })).toHaveFocus(),
    );
    expect(screen.getByRole('dialog', { name: 'My membership details' })).toBe(modal);

    // the checkout's card fields, typed and sent with Enter, in the modal
    await user.keyboard('{Enter}');
    form = within(saved).getByRole('form', { name: 'Your new card' });
    const number = await within(form).findByLabelText('Card number');
    await user.tab();
    expect(number).toHaveFocus();
    await typeSandboxCard(user, '5555555555554444');
    expect(await within(saved).findByRole('status')).toHaveTextContent(
      'Your card has been replaced. Auto-renew will charge the new card.',
    );
    expect(saved).toHaveTextContent('Mastercard ending 4444 · expires 12/2030');
    await waitFor(() =>
      expect(within(saved).getByRole('button', { name: 'Replace card' })).toHaveFocus(),
    );
    inModal();
    expect(screen.getByRole('dialog', { name: 'My membership details' })).toBe(modal);
    const posts = fetch.requests.filter((r) => r.method === 'POST');
    expect(posts.map((r) => [r.url.pathname, r.body])).toEqual([
      [
        '/api/sandbox/payment_methods',
        { number: '5555555555554444', exp_month: 12, exp_year: 2030, cvc: '123', zip: '10001' },
      ],
      ['/api/my/identity/saved_payment_method', { payment_method: 'pm_sandbox_4444' }],
    ]);
  });

  it('offers the renewal inside its period: the link closes the modal and goes to /membership/renew', async () => {
    vi.setSystemTime(IN_RENEWAL);
    const { user, router } = renderAs('/resend');
    const header = within(screen.getByRole('banner'));
    await user.click(await header.findByRole('button', { name: 'View membership details' }));
    const modal = await dialog();
    const renew = await within(modal).findByRole('link', { name: 'Renew your Family membership' });
    expect(renew).toHaveAttribute('href', '/demo-museum/membership/renew');
    await user.click(renew);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/demo-museum/membership/renew'),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('closes when the session ends (identity §4 "Session")', async () => {
    vi.useRealTimers();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(IN_TERM);
    setAuthCookie();
    const { user, router } = renderAs('/resend');
    const header = within(screen.getByRole('banner'));
    await user.click(await header.findByRole('button', { name: 'View membership details' }));
    const modal = await dialog();
    await within(modal).findByRole('region', { name: 'Family' });
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(screen.getByRole('dialog', { name: 'My membership details' })).toBeInTheDocument();

    clearAuthCookie();
    await act(() => vi.advanceTimersByTimeAsync(1_100));
    await waitFor(() => expect(router.state.location.pathname).toBe('/demo-museum'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(header.queryByRole('button', { name: 'View membership details' })).toBeNull();
  });

  it('is offered to members only: not to a logged-in non-member, nor to a visitor', async () => {
    logInMember({ is_member: false });
    renderRoute('/resend', { config: SELLS });
    const header = within(screen.getByRole('banner'));
    expect(await header.findByRole('link', { name: 'Log out' })).toBeInTheDocument();
    expect(header.queryByRole('button', { name: 'View membership details' })).toBeNull();

    logOutMember();
    renderRoute('/resend', { config: SELLS });
    expect((await screen.findAllByRole('link', { name: 'Log in' })).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'View membership details' })).toBeNull();
  });
});
