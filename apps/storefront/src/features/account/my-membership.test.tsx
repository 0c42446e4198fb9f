import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toCollection } from '@admit/contracts/envelope';
import { createFetchStub } from '@/testing/fetch-stub';
import type { Fixture } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/render-route';
import { fixtureId } from '@/testing/api-fixtures';
import { walletPrecheckBody } from '@/testing/account-fixtures';
import {
  logInMember,
  logOutMember,
  makeIdentityLink,
  makeMembership,
  MEMBERSHIP_EVENT_ID,
  myMembershipBody,
  familyMembershipBody,
  savedCardBody,
} from '@/testing/membership-fixtures';
import { makeSellerConfig } from '@/testing/seller-config';

const IN_TERM = Date.parse('2026-06-01T14:00:00.000Z');
const IN_RENEWAL = Date.parse('2026-12-01T14:00:00.000Z');
const LAPSED = Date.parse('2027-02-01T14:00:00.000Z');
const ACCEPTED = { accepted: toCollection([{ accepted: true as const }]) };

beforeEach(() => {
  logOutMember();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(IN_TERM);
});
afterEach(() => vi.useRealTimers());

const family = familyMembershipBody;

/** The museum sells memberships (its membership event); the aquarium sells none. */
const SELLS = makeSellerConfig({
  membership: { presell: true, event_id: MEMBERSHIP_EVENT_ID, external_url: null },
});
const SELLS_NONE = makeSellerConfig({
  membership: { presell: false, event_id: null, external_url: null },
});

function renderAccount(path: string, fixtures: Record<string, Fixture>, config = SELLS) {
  logInMember();
  const fetch = createFetchStub(fixtures);
  return { ...renderRoute(path, { fetch, config }), fetch };
}

describe('/my (identity §2 Account area)', () => {
  it('asks a visitor who is not logged in to log in', async () => {
    renderRoute('/my/membership');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Log in to view your account' }),
    ).toBeInTheDocument();
  });

  it('sends a member to their membership, keeping query and hash', async () => {
    const { router } = renderAccount('/my?tab=1#top', { 'GET /api/my/membership': family() });
    await waitFor(() => expect(router.state.location.pathname).toBe('/demo-museum/my/membership'));
    expect(router.state.location.search).toBe('?tab=1');
    expect(router.state.location.hash).toBe('#top');
  });

  it('sends someone without a current membership to their profile', async () => {
    vi.setSystemTime(LAPSED);
    const { router } = renderAccount('/my', { 'GET /api/my/membership': family() });
    await waitFor(() => expect(router.state.location.pathname).toBe('/demo-museum/my/profile'));
  });

  it('lists the sidebar entries the configuration and the membership allow', async () => {
    renderAccount('/my/profile', { 'GET /api/my/membership': myMembershipBody([]) });
    const nav = await screen.findByRole('navigation', { name: 'My account' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['My profile', 'My upcoming tickets', 'My recent orders', 'Logout']);
  });
});

describe('/my/membership (identity §2 "My membership details")', () => {
  it('shows the membership ID, level, members, expiry, renewal date, auto-renew and QR code', async () => {
    renderAccount('/my/membership', { 'GET /api/my/membership': family() });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'My membership details' }),
    ).toBeInTheDocument();
    expect(screen.getByText('DM100001')).toBeInTheDocument();
    const card = screen.getByRole('region', { name: 'Family' });
    expect(card).toHaveTextContent('Mia Member, Max Member');
    // valid_to is local midnight starting Jan 1 (seller zone New York): the last day is Dec 31,
    // the date the e-mails name too (contracts rules/membership-dates.ts; the API's
    // my-membership.test checks the resend mail of a term ending at the same boundary)
    expect(card).toHaveTextContent('Expires Thu, Dec 31, 2026');
    expect(card).not.toHaveTextContent('Jan 1, 2027');
    // outside the renewal period: no renew link, the date it opens
    expect(card).toHaveTextContent('Renew from Mon, Nov 2, 2026');
    expect(within(card).queryByRole('link', { name: /Renew/ })).not.toBeInTheDocument();
    expect(card).toHaveTextContent('Auto-renew: On');
    expect(within(card).getByRole('link', { name: 'Cancel auto-renew' })).toHaveAttribute(
      'href',
      '/demo-museum/manage/00000000-0000-4000-8000-000000007800/cancel-auto-renew',
    );
    const qr = within(card).getByRole('img', { name: 'QR code of membership ID DM100001' });
    const src = new URL(qr.getAttribute('src')!, 'http://localhost');
    expect(src.pathname).toBe('/api/membership/00000000-0000-4000-8000-000000007500/qrcode');
    expect(src.searchParams.get('margin')).toBe('2');
    expect(src.searchParams.get('_seller')).toBe('demo-museum');
    const nav = screen.getByRole('navigation', { name: 'My account' });
    expect(within(nav).getByRole('link', { name: 'My membership details' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('cancels auto-renew of a term no order made (the demo member’s), from the account', async () => {
    const term = makeMembership({ auto_renew_state: 'scheduled', ticket_order_id: null });
    const { user, fetch } = renderAccount('/my/membership', {
      'GET /api/my/membership': myMembershipBody([term]),
      'DELETE /api/my/membership/:id/auto_renew': {
        membership: toCollection([{ ...term, auto_renew_state: 'cancelled' as const }]),
      },
    });
    const card = await screen.findByRole('region', { name: 'Family' });
    expect(card).toHaveTextContent('Auto-renew: On');
    await user.click(within(card).getByRole('link', { name: 'Cancel auto-renew' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Cancel auto-renew' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm unenrollment' }));
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Auto-renew is cancelled for your Family membership.');
    expect(status).toHaveTextContent('Your membership stays valid to Thu, Dec 31, 2026.');
    expect(fetch.requests.filter((r) => r.method === 'DELETE').map((r) => r.url.pathname)).toEqual([
      `/api/my/membership/${term.id}/auto_renew`,
    ]);
  });

  it('shows the saved card auto-renew charges (identity §7 saved_payment_method), only to a member', async () => {
    const { fetch } = renderAccount('/my/membership', {
      'GET /api/my/membership': family(),
      'GET /api/my/identity/saved_payment_method': savedCardBody(),
    });
    const saved = await screen.findByRole('region', { name: 'Saved card' });
    expect(saved).toHaveTextContent('Visa ending 4242 · expires 03/2031');
    expect(saved).toHaveTextContent('Auto-renew charges this card when your membership ends.');
    expect(
      fetch.requests.filter((r) => r.url.pathname === '/api/my/identity/saved_payment_method'),
    ).toHaveLength(1);

    const none = renderAccount('/my/membership', {
      'GET /api/my/membership': myMembershipBody([]),
    });
    expect(await screen.findByText('You do not have a membership yet.')).toBeInTheDocument();
    expect(
      none.fetch.requests.some((r) => r.url.pathname === '/api/my/identity/saved_payment_method'),
    ).toBe(false);
  });

  it('offers the renewal inside its period', async () => {
    vi.setSystemTime(IN_RENEWAL);
    renderAccount('/my/membership', { 'GET /api/my/membership': family() });
    const card = await screen.findByRole('region', { name: 'Family' });
    expect(
      within(card).getByRole('link', { name: 'Renew your Family membership' }),
    ).toHaveAttribute('href', '/demo-museum/membership/renew');
  });

  it('shows a lapsed member their last term', async () => {
    vi.setSystemTime(LAPSED);
    renderAccount('/my/membership', {
      'GET /api/my/membership': family({ auto_renew_state: 'not_enrolled' }),
    });
    const card = await screen.findByRole('region', { name: 'Family' });
    expect(card).toHaveTextContent('Expired Thu, Dec 31, 2026');
    expect(card).toHaveTextContent('Auto-renew: Off');
    expect(
      within(card).getByRole('link', { name: 'Renew your Family membership' }),
    ).toBeInTheDocument();
  });

  it('e-mails the membership again (memberships-only resend)', async () => {
    const { user, fetch } = renderAccount('/my/membership', {
      'GET /api/my/membership': family(),
      'POST /api/my/ticket_order/resend': ACCEPTED,
    });
    await user.click(await screen.findByRole('button', { name: 'Resend membership e-mail' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your membership details have been resent.',
    );
    const sent = fetch.requests.filter((r) => r.method === 'POST');
    expect(sent.map((r) => [r.url.pathname, r.body])).toEqual([
      ['/api/my/ticket_order/resend', { memberships_only: true }],
    ]);
  });

  it('invites someone without a membership to join or give one', async () => {
    renderAccount('/my/membership', { 'GET /api/my/membership': myMembershipBody([]) });
    expect(await screen.findByText('You do not have a membership yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Become a member' })).toHaveAttribute(
      'href',
      '/demo-museum/membership',
    );
    expect(screen.getByRole('link', { name: 'Give a membership' })).toHaveAttribute(
      'href',
      '/demo-museum/membership/gift',
    );
  });

  it('offers a member to give a membership (issue #25: gifting was reachable only by its address)', async () => {
    renderAccount('/my/membership', { 'GET /api/my/membership': family() });
    await screen.findByRole('region', { name: 'Family' });
    expect(screen.getByRole('link', { name: 'Give a membership' })).toHaveAttribute(
      'href',
      '/demo-museum/membership/gift',
    );
  });

  it('offers no renewal, join or gift where the seller sells no memberships (the aquarium)', async () => {
    vi.setSystemTime(IN_RENEWAL);
    renderAccount('/my/membership', { 'GET /api/my/membership': family() }, SELLS_NONE);
    const card = await screen.findByRole('region', { name: 'Family' });
    expect(card).toHaveTextContent('Expires Thu, Dec 31, 2026');
    expect(within(card).queryByRole('link', { name: /Renew/ })).not.toBeInTheDocument();
    expect(card).not.toHaveTextContent('Renew');
    expect(screen.queryByRole('link', { name: 'Give a membership' })).not.toBeInTheDocument();
    // the auto-renew already on can still be cancelled
    expect(within(card).getByRole('link', { name: 'Cancel auto-renew' })).toBeInTheDocument();

    renderAccount('/my/membership', { 'GET /api/my/membership': myMembershipBody([]) }, SELLS_NONE);
    expect(await screen.findByText('You do not have a membership yet.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Become a member' })).not.toBeInTheDocument();
  });
});

describe('/my/membership add-to-wallet links (identity §2, §7 walletprecheck)', () => {
  const PARTNER_TICKET = fixtureId(7702);
  const HOLDER_TICKET = fixtureId(7701);
  const withTickets = () =>
    myMembershipBody([makeMembership({ auto_renew_state: 'scheduled' })], {
      identity_link: [
        makeIdentityLink({ party_role: 'partner', first_name: 'Max', ticket_id: PARTNER_TICKET }),
        makeIdentityLink({ identity_id: fixtureId(7600), ticket_id: HOLDER_TICKET }),
      ],
    });

  it('offers the holder’s member ticket as a pass when the precheck says so', async () => {
    const { fetch } = renderAccount('/my/membership', {
      'GET /api/my/membership': withTickets(),
      'GET /api/ticket/:id/walletprecheck': (r: { url: URL }) =>
        walletPrecheckBody(r.url.pathname.split('/')[3]!, true, true),
    });
    const card = await screen.findByRole('region', { name: 'Family' });
    const apple = await within(card).findByRole('link', {
      name: 'Add to Apple Wallet: Family membership',
    });
    expect(new URL(apple.getAttribute('href')!, 'http://localhost').pathname).toBe(
      `/api/ticket/${HOLDER_TICKET}/pkpass`,
    );
    expect(
      within(card).getByRole('link', { name: 'Add to Google Wallet: Family membership' }),
    ).toHaveAttribute('href', expect.stringContaining(`/api/ticket/${HOLDER_TICKET}/gwpass`));
    expect(
      fetch.requests
        .filter((r) => r.url.pathname.endsWith('/walletprecheck'))
        .map((r) => r.url.pathname),
    ).toEqual([`/api/ticket/${HOLDER_TICKET}/walletprecheck`]);
  });

  it('offers none when the precheck says no, nor for a term without tickets', async () => {
    const { fetch } = renderAccount('/my/membership', {
      'GET /api/my/membership': withTickets(),
      'GET /api/ticket/:id/walletprecheck': walletPrecheckBody(HOLDER_TICKET, false, false),
    });
    await screen.findByRole('region', { name: 'Family' });
    await waitFor(() =>
      expect(fetch.requests.some((r) => r.url.pathname.endsWith('/walletprecheck'))).toBe(true),
    );
    expect(screen.queryByRole('link', { name: /Wallet/ })).not.toBeInTheDocument();

    const bare = renderAccount('/my/membership', { 'GET /api/my/membership': family() });
    await screen.findAllByRole('region', { name: 'Family' });
    expect(bare.fetch.requests.some((r) => r.url.pathname.endsWith('/walletprecheck'))).toBe(false);
  });
});
