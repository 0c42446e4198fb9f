import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toCollection } from '@admit/contracts/envelope';
import type { Fixture } from '@/testing/fetch-stub';
import { renderAccountRoute } from '@/testing/account-fixtures';
import { makeSellerConfig } from '@/testing/seller-config';
import { fixtureId } from '@/testing/api-fixtures';
import { logOutMember, makeMembership, myMembershipBody } from '@/testing/membership-fixtures';

const NOW = Date.parse('2026-06-01T14:00:00.000Z');
const USER_ID = fixtureId(8301);

beforeEach(() => {
  logOutMember();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

type Pages = { my_profile: boolean; upcoming_events: boolean; recent_orders: boolean };
const ALL_ON: Pages = { my_profile: true, upcoming_events: true, recent_orders: true };

const renderAccount = (path: string, fixtures: Record<string, Fixture>, pages = ALL_ON) =>
  renderAccountRoute(path, fixtures, makeSellerConfig({ my_account_pages: pages }));

const navLinks = async () =>
  within(await screen.findByRole('navigation', { name: 'My account' }))
    .getAllByRole('link')
    .map((a) => a.textContent);

describe('/my sidebar (identity §2, my_account_pages)', () => {
  it.each([
    [{ ...ALL_ON, my_profile: false }, ['My upcoming tickets', 'My recent orders', 'Logout']],
    [{ ...ALL_ON, upcoming_events: false }, ['My profile', 'My recent orders', 'Logout']],
    [{ ...ALL_ON, recent_orders: false }, ['My profile', 'My upcoming tickets', 'Logout']],
    [{ my_profile: false, upcoming_events: false, recent_orders: false }, ['Logout']],
  ])('honours the flags %o', async (pages, links) => {
    renderAccount('/my/membership', {}, pages);
    expect(await navLinks()).toEqual(links);
  });

  it('puts the membership first for someone who has one, Logout last', async () => {
    renderAccount('/my/orders', {
      'GET /api/my/membership': myMembershipBody([makeMembership()]),
      'GET /api/my/ticket_order': {
        ticket_order: toCollection([]),
        ticket_order_fees: toCollection([]),
      },
    });
    await screen.findByRole('link', { name: 'My membership details' });
    expect(await navLinks()).toEqual([
      'My membership details',
      'My profile',
      'My upcoming tickets',
      'My recent orders',
      'Logout',
    ]);
    const nav = screen.getByRole('navigation', { name: 'My account' });
    expect(within(nav).getByRole('link', { name: 'Logout' })).toHaveAttribute(
      'href',
      '/demo-museum/logout',
    );
  });

  it('a page whose flag is off is not there (404)', async () => {
    renderAccount('/my/orders', {}, { ...ALL_ON, recent_orders: false });
    expect(await screen.findByRole('heading', { name: 'Oops!' })).toBeInTheDocument();
  });

  it('is a dropdown on a phone: the current page names it, the links inside', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    const { user } = renderAccount('/my/orders', {
      'GET /api/my/ticket_order': {
        ticket_order: toCollection([]),
        ticket_order_fees: toCollection([]),
      },
    });
    const nav = await screen.findByRole('navigation', { name: 'My account' });
    const summary = within(nav).getByText('My recent orders', { selector: 'summary' });
    const menu = summary.closest('details')!;
    expect(menu).not.toHaveAttribute('open');
    await user.click(summary);
    expect(menu).toHaveAttribute('open');
    await user.click(within(menu).getByRole('link', { name: 'My upcoming tickets' }));
    await waitFor(() => expect(menu).not.toHaveAttribute('open'));
    vi.unstubAllGlobals();
  });
});

describe('/my redirect (identity §2)', () => {
  it('goes to the profile without an active membership, keeping query and hash', async () => {
    const { router } = renderAccount('/my?from=mail#details', {});
    await waitFor(() => expect(router.state.location.pathname).toBe('/demo-museum/my/profile'));
    expect(router.state.location.search).toBe('?from=mail');
    expect(router.state.location.hash).toBe('#details');
  });

  it('with the profile page off, goes to the first page the sidebar offers', async () => {
    const { router } = renderAccount('/my?x=1', {}, { ...ALL_ON, my_profile: false });
    await waitFor(() => expect(router.state.location.pathname).toBe('/demo-museum/my/upcoming'));
    expect(router.state.location.search).toBe('?x=1');
  });
});

const userBody = (identity: Record<string, unknown> = {}) => ({
  user: toCollection([
    {
      id: USER_ID,
      identity_id: USER_ID,
      email: 'mia@example.org',
      first_name: 'Mia',
      last_name: 'Member',
      has_password: true,
      needs_email: false,
    },
  ]),
  identity: toCollection([
    {
      id: USER_ID,
      seller_id: fixtureId(1),
      email: 'mia@example.org',
      first_name: 'Mia',
      last_name: 'Member',
      phone: '+1 212 555 0100',
      address: '1 Main St',
      address_more: null,
      city: 'New York',
      state: 'NY',
      country: 'US',
      zip_code: '10001',
      is_member: false,
      ...identity,
    },
  ]),
});

describe('/my/profile (identity §2 "My profile")', () => {
  it('shows the details, names and e-mail read-only, no e-mail confirmation', async () => {
    renderAccount('/my/profile', { 'GET /api/my/user': userBody() });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'My profile' }),
    ).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Personal details' });
    const readOnly: [string, string][] = [
      ['Email', 'mia@example.org'],
      ['First name', 'Mia'],
      ['Last name', 'Member'],
    ];
    for (const [label, value] of readOnly) {
      const field = within(form).getByLabelText(label);
      expect(field).toHaveValue(value);
      expect(field).toHaveAttribute('readonly');
    }
    expect(within(form).queryByLabelText(/confirm/i)).not.toBeInTheDocument();
    expect(form).toHaveTextContent('Please contact us to change the name on your account.');
    expect(within(form).getByLabelText('City')).toHaveValue('New York');
    expect(within(form).getByLabelText('Country')).toHaveValue('US');
    expect(within(form).getByRole('button', { name: 'Update details' })).toBeInTheDocument();
  });

  it('Update details sends the contact fields only (an emptied one as null)', async () => {
    const { user, fetch } = renderAccount('/my/profile', {
      'GET /api/my/user': userBody(),
      'PATCH /api/my/user/:id': userBody({ city: 'Boston', phone: null }),
    });
    const form = await screen.findByRole('form', { name: 'Personal details' });
    await user.clear(within(form).getByLabelText('City'));
    await user.type(within(form).getByLabelText('City'), 'Boston');
    await user.clear(within(form).getByLabelText('Phone'));
    await user.click(within(form).getByRole('button', { name: 'Update details' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your details have been updated.');
    const patch = fetch.requests.find((r) => r.method === 'PATCH')!;
    expect(patch.url.pathname).toBe(`/api/my/user/${USER_ID}`);
    expect(patch.body).toEqual({
      phone: null,
      address: '1 Main St',
      address_more: null,
      city: 'Boston',
      state: 'NY',
      country: 'US',
      zip_code: '10001',
    });
  });

  it('refills when the identity changes (the saved answer, read again)', async () => {
    let city = 'New York';
    const { user } = renderAccount('/my/profile', {
      'GET /api/my/user': () => userBody({ city }),
      'PATCH /api/my/user/:id': () => {
        city = 'Albany';
        return userBody({ city });
      },
    });
    const form = await screen.findByRole('form', { name: 'Personal details' });
    await user.click(within(form).getByRole('button', { name: 'Update details' }));
    await waitFor(() => expect(within(form).getByLabelText('City')).toHaveValue('Albany'));
  });

  // issue #25: the profile took the phone "abc" and a 20-character ZIP
  it('checks the phone and the postcode of the country, with clear messages', async () => {
    const { user, fetch } = renderAccount('/my/profile', { 'GET /api/my/user': userBody() });
    const form = await screen.findByRole('form', { name: 'Personal details' });
    await user.clear(within(form).getByLabelText('Phone'));
    await user.type(within(form).getByLabelText('Phone'), 'abc');
    await user.clear(within(form).getByLabelText('ZIP code'));
    await user.type(within(form).getByLabelText('ZIP code'), '1234567890123456789');
    await user.click(within(form).getByRole('button', { name: 'Update details' }));
    expect(
      await within(form).findByText(
        'Enter a phone number we can call, with its area code (for a number abroad, start with + and the country code).',
      ),
    ).toBeInTheDocument();
    expect(
      within(form).getByText('Enter the postcode of the address, as written in its country.'),
    ).toBeInTheDocument();
    expect(fetch.requests.some((r) => r.method === 'PATCH')).toBe(false);

    // a UK address takes a UK postcode and a UK number
    await user.selectOptions(within(form).getByLabelText('Country'), 'GB');
    await user.clear(within(form).getByLabelText('Phone'));
    await user.type(within(form).getByLabelText('Phone'), '020 7946 0018');
    await user.clear(within(form).getByLabelText('ZIP code'));
    await user.type(within(form).getByLabelText('ZIP code'), 'SW1A 1AA');
    await user.click(within(form).getByRole('button', { name: 'Update details' }));
    await waitFor(() => expect(fetch.requests.some((r) => r.method === 'PATCH')).toBe(true));
    const patch = fetch.requests.find((r) => r.method === 'PATCH')!;
    expect(patch.body).toMatchObject({
      country: 'GB',
      phone: '020 7946 0018',
      zip_code: 'SW1A 1AA',
    });
  });

  it('refuses a field longer than the server takes, without calling it', async () => {
    const { user, fetch } = renderAccount('/my/profile', { 'GET /api/my/user': userBody() });
    const form = await screen.findByRole('form', { name: 'Personal details' });
    await user.clear(within(form).getByLabelText('ZIP code'));
    await user.click(within(form).getByLabelText('ZIP code'));
    await user.paste('1'.repeat(21));
    await user.click(within(form).getByRole('button', { name: 'Update details' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('This is too long.');
    expect(fetch.requests.some((r) => r.method === 'PATCH')).toBe(false);
  });
});
