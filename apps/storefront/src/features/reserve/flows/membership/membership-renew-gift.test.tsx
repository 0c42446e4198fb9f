import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { toCollection } from '@admit/contracts/envelope';
import { cartBundle } from '@/testing/cart-fixtures';
import { createFetchStub, errorResponse, jsonResponse } from '@/testing/fetch-stub';
import type { FetchStub } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/render-route';
import {
  INDIVIDUAL,
  MEMBER_EMAIL,
  MEMBERSHIP_EVENT_ID,
  logInMember,
  makeIdentityLink,
  makeMembership,
  makeRole,
  logOutMember,
  membershipEventBody,
  myMembershipBody,
  rulesBody,
} from '@/testing/membership-fixtures';
import { getCartState } from '@/stores/cart-store';

const BEFORE_RENEWAL = Date.parse('2026-06-01T14:00:00.000Z');
const IN_RENEWAL = Date.parse('2026-12-01T14:00:00.000Z');
const GIFTEE_ID = '3d2c1b0a-9f8e-4d7c-8b6a-5f4e3d2c1b0a';
const SELF_GIFT =
  'You can not gift membership to yourself. Do you want to buy or renew membership for yourself?';

beforeAll(async () => {
  await import('@/features/reserve/flows/membership/membership-form');
});
beforeEach(() => {
  logOutMember();
  vi.useFakeTimers({ toFake: ['Date'] });
});
afterEach(() => vi.useRealTimers());

const familyTerm = () =>
  myMembershipBody([makeMembership()], {
    role: [makeRole()],
    identity_link: [
      makeIdentityLink(),
      makeIdentityLink({ party_role: 'partner', first_name: 'Max', email: null }),
      makeIdentityLink({ party_role: 'child', first_name: null, last_name: null, email: null }),
      makeIdentityLink({ party_role: 'child', first_name: null, last_name: null, email: null }),
    ],
  });

function renderPath(path: string, fixtures: Record<string, unknown> = {}) {
  const fetch = createFetchStub({
    'GET /cached_api/events/:id': membershipEventBody(),
    // logged in, the catalogue is read live (members-only levels are the members')
    'GET /api/events/:id': membershipEventBody(),
    'GET /api/membership_rules': rulesBody(),
    'POST /api/my/cart/modify': cartBundle(),
    ...fixtures,
  });
  return { ...renderRoute(`/events/${MEMBERSHIP_EVENT_ID}${path}`, { fetch }), fetch };
}

const posts = (fetch: FetchStub, suffix: string) =>
  fetch.requests.filter((r) => r.method !== 'GET' && r.url.pathname.endsWith(suffix));

describe('/events/{id}/renew (shopping §4, identity §2 renewal period)', () => {
  it('offers renewal only in the renewal period, otherwise says when it opens', async () => {
    vi.setSystemTime(BEFORE_RENEWAL);
    logInMember();
    renderPath('/renew', { 'GET /api/my/membership': familyTerm() });
    const panel = await screen.findByRole('region', { name: 'Renew your membership' });
    expect(
      await within(panel).findByText(
        'Your Family membership can be renewed from Mon, Nov 2, 2026.',
      ),
    ).toBeInTheDocument();
    expect(within(panel).queryByRole('radio')).not.toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Add to cart' })).not.toBeInTheDocument();
    expect(document.title).toBe('Renew your membership - Demo Museum Tickets');
  });

  it('preselects the previous level and members inside the period', async () => {
    vi.setSystemTime(IN_RENEWAL);
    logInMember();
    const { user, fetch } = renderPath('/renew', { 'GET /api/my/membership': familyTerm() });
    expect(await screen.findByRole('radio', { name: 'Family – $180.00' })).toBeChecked();
    const primary = screen.getByRole('group', { name: 'Primary' });
    expect(within(primary).getByLabelText('First name')).toHaveValue('Mia');
    expect(within(primary).getByLabelText('Email')).toHaveValue(MEMBER_EMAIL);
    expect(screen.getByRole('radio', { name: 'Yes' })).toBeChecked();
    expect(
      within(screen.getByRole('group', { name: 'Partner' })).getByLabelText(
        'First name (optional)',
      ),
    ).toHaveValue('Max');
    expect(screen.getByRole('combobox', { name: 'How many child members?' })).toHaveValue('2');
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    await waitFor(() => expect(posts(fetch, '/my/cart/modify')).toHaveLength(1));
    const body = posts(fetch, '/my/cart/modify')[0]!.body as {
      reserve: { tickets: { party_role: string; admit_name?: string }[] };
    };
    expect(body.reserve.tickets.map((t) => [t.party_role, t.admit_name ?? null])).toEqual([
      ['primary', 'Mia Member'],
      ['partner', 'Max Member'],
      ['child', null],
      ['child', null],
    ]);
  });

  it('is headed as a renewal and prefills the holder of a term without members on record (the demo’s Mia)', async () => {
    vi.setSystemTime(IN_RENEWAL);
    logInMember();
    const { user, fetch } = renderPath('/renew', {
      'GET /api/my/membership': myMembershipBody([makeMembership()], { role: [makeRole()] }),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Renew your membership' }),
    ).toBeInTheDocument();
    expect(
      screen.queryByRole('heading', { level: 1, name: 'Become a Member' }),
    ).not.toBeInTheDocument();
    expect(await screen.findByRole('radio', { name: 'Family – $180.00' })).toBeChecked();
    const primary = screen.getByRole('group', { name: 'Primary' });
    expect(within(primary).getByLabelText('First name')).toHaveValue('Mia');
    expect(within(primary).getByLabelText('Last name')).toHaveValue('Member');
    expect(within(primary).getByLabelText('Email')).toHaveValue(MEMBER_EMAIL);
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    await waitFor(() => expect(posts(fetch, '/my/cart/modify')).toHaveLength(1));
    const body = posts(fetch, '/my/cart/modify')[0]!.body as {
      reserve: { tickets: { party_role: string; admit_name?: string; admit_email?: string }[] };
    };
    expect(body.reserve.tickets[0]).toMatchObject({
      party_role: 'primary',
      admit_name: 'Mia Member',
      admit_email: MEMBER_EMAIL,
    });
  });

  it('asks a visitor who is not logged in to log in for their details', async () => {
    vi.setSystemTime(IN_RENEWAL);
    renderPath('/renew');
    const panel = await screen.findByRole('region', { name: 'Renew your membership' });
    expect(within(panel).getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      `/demo-museum/events/${MEMBERSHIP_EVENT_ID}/renew?login=1`,
    );
    expect(screen.getByRole('radio', { name: 'Family – $180.00' })).not.toBeChecked();
  });
});

describe('/events/{id}/gift (shopping §5, §6; identity §2 gift heading)', () => {
  it('is offered on the membership page itself (issue #25: reachable only by its address)', async () => {
    vi.setSystemTime(BEFORE_RENEWAL);
    logInMember();
    const { user, router } = renderPath('', { 'GET /api/my/membership': myMembershipBody([]) });
    const panel = await screen.findByRole('region', { name: 'Choose your membership' });
    await user.click(within(panel).getByRole('link', { name: 'Give a membership' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(
        `/demo-museum/events/${MEMBERSHIP_EVENT_ID}/gift`,
      ),
    );
    expect(await screen.findByRole('group', { name: 'Who is the gift for?' })).toBeInTheDocument();
  });

  it('asks a guest to log in or shop as a guest, then takes the recipient and pays for the gift', async () => {
    vi.setSystemTime(BEFORE_RENEWAL);
    const { user, fetch, router } = renderPath('/gift', {
      'POST /api/giftee': jsonResponse(
        {
          identity: toCollection([
            { id: GIFTEE_ID, first_name: 'Gus', last_name: 'Giftee', email: 'gus@example.org' },
          ]),
        },
        201,
      ),
      'PATCH /api/my/cart/:id': cartBundle(),
    });
    const choice = await screen.findByRole('dialog');
    await user.click(within(choice).getByRole('button', { name: 'Shop as a Guest' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const panel = screen.getByRole('region', { name: 'Give a membership' });
    const recipient = within(panel).getByRole('group', { name: 'Who is the gift for?' });
    expect(panel.querySelector('input[type="password"]')).toBeNull();
    expect(within(panel).queryByRole('checkbox')).not.toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Continue to payment' }));
    expect(within(recipient).getAllByText('Input must not be empty.')).toHaveLength(3);
    expect(posts(fetch, '/giftee')).toEqual([]);
    // the first invalid field takes the focus (shopping §5): type once it has
    await waitFor(() => expect(within(recipient).getByLabelText('First name')).toHaveFocus());

    await user.type(within(recipient).getByLabelText('First name'), 'Gus');
    await user.type(within(recipient).getByLabelText('Last name'), 'Giftee');
    await user.type(within(recipient).getByLabelText('Email'), 'gus@example.org');
    await user.type(within(recipient).getByLabelText('Message'), 'Happy birthday!');
    await user.click(within(panel).getByRole('radio', { name: 'Individual – $75.00' }));
    // the recipient is asked for once: they are the level's primary member (issue #25)
    expect(within(panel).queryByRole('group', { name: 'Primary' })).not.toBeInTheDocument();
    expect(within(panel).getAllByLabelText('First name')).toHaveLength(1);
    await user.click(within(panel).getByRole('button', { name: 'Continue to payment' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/demo-museum/checkout'));
    expect(posts(fetch, '/giftee').map((r) => r.body)).toEqual([
      {
        first_name: 'Gus',
        last_name: 'Giftee',
        email: 'gus@example.org',
        additional_info: { message: 'Happy birthday!' },
      },
    ]);
    expect(posts(fetch, '/my/cart/modify').map((r) => r.body)).toEqual([
      {
        reserve: {
          tickets: [
            {
              ticket_type_id: INDIVIDUAL,
              party_role: 'primary',
              admit_name: 'Gus Giftee',
              admit_email: 'gus@example.org',
            },
          ],
        },
        // the reserve names the recipient (decision 0038)
        giftee_identity_id: GIFTEE_ID,
      },
    ]);
    const patch = fetch.requests.find((r) => r.method === 'PATCH');
    expect(patch?.url.pathname).toMatch(/\/api\/my\/cart\/[0-9a-f-]+$/);
    // the message the recipient's mail carries
    expect(patch?.body).toEqual({ giftee_identity_id: GIFTEE_ID, gift_message: 'Happy birthday!' });
    // shopping §4 — after gifting, upsells are skipped; a gift asks nothing about auto-renew
    expect(getCartState()).toMatchObject({ skipUpsells: true, membershipAutoRenew: null });
  });

  it('refuses a gift to the logged-in member themselves (shopping §5)', async () => {
    vi.setSystemTime(BEFORE_RENEWAL);
    logInMember();
    const { user, fetch } = renderPath('/gift', {
      'GET /api/my/membership': myMembershipBody([]),
    });
    const recipient = await screen.findByRole('group', { name: 'Who is the gift for?' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.type(within(recipient).getByLabelText('First name'), 'Mia');
    await user.type(within(recipient).getByLabelText('Last name'), 'Member');
    await user.type(within(recipient).getByLabelText('Email'), 'MIA@example.org');
    await user.click(screen.getByRole('radio', { name: 'Family – $180.00' }));
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    const message = await screen.findByText(SELF_GIFT);
    const links = within(message.closest('[role="alert"]') as HTMLElement);
    expect(links.getByRole('link', { name: 'Buy a membership' })).toHaveAttribute(
      'href',
      `/demo-museum/events/${MEMBERSHIP_EVENT_ID}`,
    );
    expect(links.getByRole('link', { name: 'Renew my membership' })).toHaveAttribute(
      'href',
      `/demo-museum/events/${MEMBERSHIP_EVENT_ID}/renew`,
    );
    expect(posts(fetch, '/giftee')).toEqual([]);
  });

  it('shows the self-gift message when the server refuses the giftee', async () => {
    vi.setSystemTime(BEFORE_RENEWAL);
    logInMember({ email: 'someone-else@example.org' });
    const refusal = errorResponse(
      422,
      'validation_failed',
      'You cannot gift a membership to yourself. Do you want to buy or renew a membership?',
      { field: 'email' },
    );
    const body = (await refusal.clone().json()) as { _data: { _context: string | null }[] };
    body._data[0]!._context = 'giftee';
    const { user, fetch } = renderPath('/gift', {
      'GET /api/my/membership': myMembershipBody([]),
      'POST /api/giftee': jsonResponse(body, 422),
    });
    const recipient = await screen.findByRole('group', { name: 'Who is the gift for?' });
    await user.type(within(recipient).getByLabelText('First name'), 'Mia');
    await user.type(within(recipient).getByLabelText('Last name'), 'Member');
    await user.type(within(recipient).getByLabelText('Email'), 'mia@example.org');
    await user.click(screen.getByRole('radio', { name: 'Individual – $75.00' }));
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByText(SELF_GIFT)).toBeInTheDocument();
    expect(posts(fetch, '/my/cart/modify')).toEqual([]);
  });
});
