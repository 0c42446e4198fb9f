import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toCollection } from '@admit/contracts/envelope';
import type { CodeLookup } from '@admit/contracts/codes';
import { makeMeta } from '@/testing/api-fixtures';
import { cartBundle } from '@/testing/cart-fixtures';
import { createFetchStub, errorResponse } from '@/testing/fetch-stub';
import type { FetchStub } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/render-route';
import { makeSellerConfig } from '@/testing/seller-config';
import {
  DUAL,
  FAMILY,
  INDIVIDUAL,
  MEMBERSHIP_EVENT_ID,
  MEMBERSHIP_GROUP_ID,
  logOutMember,
  membershipEventBody,
  membershipLevels,
  rulesBody,
} from '@/testing/membership-fixtures';

const NOW = Date.parse('2026-06-01T14:00:00.000Z');
const CODE = 'GIFT123456';
const withEvent = makeSellerConfig({
  membership: { presell: true, event_id: MEMBERSHIP_EVENT_ID, external_url: null },
});

beforeEach(() => {
  logOutMember();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

describe('/membership/{action?} (identity §2 Membership route)', () => {
  it('goes to the membership event with the action', async () => {
    const { router } = renderRoute('/membership/renew', {
      config: withEvent,
      fetch: createFetchStub({ 'GET /cached_api/events/:id': membershipEventBody() }),
    });
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(
        `/demo-museum/events/${MEMBERSHIP_EVENT_ID}/renew`,
      ),
    );
  });

  it('goes to an external membership address plus the action', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    renderRoute('/membership/gift', {
      config: makeSellerConfig({
        membership: { presell: true, event_id: null, external_url: 'https://join.example.org/' },
      }),
    });
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://join.example.org/gift'));
  });

  it('says memberships are not available otherwise', async () => {
    renderRoute('/membership');
    expect(
      await screen.findByText('Memberships are not available at this time'),
    ).toBeInTheDocument();
  });
});

function lookup(overrides: Partial<CodeLookup> = {}): CodeLookup {
  return {
    code: CODE,
    kind: 'gift_of_membership',
    name: 'Gift of membership from Ada',
    description: null,
    valid_from: '2026-05-01T00:00:00.000Z',
    valid_to: '2027-05-01T00:00:00.000Z',
    exhausted: false,
    ...overrides,
  };
}

function renderRedeem(code: CodeLookup | null, search = `?gift_code=${CODE}`) {
  const fetch = createFetchStub({
    'GET /api/code/:code': code
      ? { code: toCollection([code]) }
      : errorResponse(404, 'code_not_found', `"${CODE}" is not a valid promo code.`),
    'GET /cached_api/events/:id': membershipEventBody(),
    'GET /api/membership_rules': rulesBody(),
    'POST /api/my/cart/modify': cartBundle(),
  });
  return { ...renderRoute(`/membership/redeem${search}`, { config: withEvent, fetch }), fetch };
}

const codeLookups = (fetch: FetchStub) =>
  fetch.requests.filter((r) => r.url.pathname.startsWith('/api/code/'));

describe('/membership/redeem (identity §2, §4 gift code, §5, §9)', () => {
  it('checks the code from the link and offers at most 3 levels sorted by discount', async () => {
    const levels = [
      ...membershipLevels(),
      {
        ...membershipLevels([DUAL])[0]!,
        id: '00000000-0000-4000-8000-000000000705',
        name: 'Patron',
        _rank: 4,
      },
    ];
    const code = lookup({
      discounts: [
        { ticket_type_id: INDIVIDUAL, amount: '75.00' },
        { ticket_type_id: DUAL, amount: '120.00' },
        { ticket_type_id: FAMILY, amount: '100.00' },
        { ticket_type_id: '00000000-0000-4000-8000-000000000705', amount: '20.00' },
      ],
    });
    const fetch = createFetchStub({
      'GET /api/code/:code': { code: toCollection([code]) },
      'GET /cached_api/events/:id': membershipEventBody(levels),
      'GET /api/membership_rules': rulesBody(),
      'POST /api/my/cart/modify': cartBundle(),
    });
    const { user, router } = renderRoute(`/membership/redeem?gift_code=${CODE}`, {
      config: withEvent,
      fetch,
    });
    expect(
      await screen.findByText(`Your code ${CODE} is valid: Gift of membership from Ada.`),
    ).toBeInTheDocument();
    const group = await screen.findByRole('radiogroup', { name: 'Membership level' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['Dual – $120.00', 'Family – $180.00', 'Individual – $75.00']);
    expect(codeLookups(fetch)[0]!.url.searchParams.get('mode')).toBe('advertise,code');

    // the chosen level goes into the cart paid by the gift, then on to checkout (no upsells)
    // Family: the gift pays $100.00 of $180.00 — the total is what is left (issue #25)
    await user.click(within(group).getByRole('radio', { name: 'Family – $180.00' }));
    expect(screen.getByText(/^Total/)).toHaveTextContent('Total $80.00');
    expect(screen.getByText('Your gift covers $100.00.')).toBeInTheDocument();
    // Individual: the gift pays it all — the visitor pays nothing, not "Total $75.00"
    await user.click(within(group).getByRole('radio', { name: 'Individual – $75.00' }));
    expect(screen.getByText(/^Total/)).toHaveTextContent('Total $0.00');
    expect(screen.queryByText('Total $75.00')).not.toBeInTheDocument();
    expect(screen.getByText('Your gift covers $75.00.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('First name'), 'Gus');
    await user.type(screen.getByLabelText('Last name'), 'Giftee');
    await user.type(screen.getByLabelText('Email'), 'gus@example.org');
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/demo-museum/checkout'));
    const reserve = fetch.requests.find((r) => r.url.pathname === '/api/my/cart/modify');
    expect(reserve?.body).toMatchObject({
      preReservePromoCodes: [CODE],
      reserve: { tickets: [{ ticket_type_id: INDIVIDUAL, party_role: 'primary' }] },
    });
  });

  it('goes to /events after the redeem when the seller sells add-ons', async () => {
    const fetch = createFetchStub({
      'GET /api/code/:code': { code: toCollection([lookup()]) },
      'GET /cached_api/events/:id': membershipEventBody(membershipLevels([INDIVIDUAL])),
      'GET /api/membership_rules': rulesBody(),
      'POST /api/my/cart/modify': cartBundle(),
    });
    const { user, router } = renderRoute(`/membership/redeem?gift_code=${CODE}`, {
      config: { ...withEvent, anchor_events: ['00000000-0000-4000-8000-000000000001'] },
      fetch,
    });
    await user.type(await screen.findByLabelText('First name'), 'Gus');
    await user.type(screen.getByLabelText('Last name'), 'Giftee');
    await user.type(screen.getByLabelText('Email'), 'gus@example.org');
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/demo-museum/events'));
  });

  it("shows the membership group's redeem_gom_summary and redeem_gom_description (identity §3)", async () => {
    const event = membershipEventBody();
    event.meta = toCollection([
      makeMeta(MEMBERSHIP_GROUP_ID, 'redeem_gom_summary', 'A year of free visits', 'ticket_group'),
      makeMeta(MEMBERSHIP_GROUP_ID, 'redeem_gom_description', 'Pick a level.', 'ticket_group'),
      // the group's words for buying are not the redeem page's
      makeMeta(MEMBERSHIP_GROUP_ID, 'admit_names', 'required', 'ticket_group'),
    ]);
    renderRoute(`/membership/redeem?gift_code=${CODE}`, {
      config: withEvent,
      fetch: createFetchStub({
        'GET /api/code/:code': { code: toCollection([lookup()]) },
        'GET /cached_api/events/:id': event,
        'GET /api/membership_rules': rulesBody(),
      }),
    });
    expect(await screen.findByText('A year of free visits')).toBeInTheDocument();
    expect(screen.getByText('Pick a level.')).toBeInTheDocument();
    expect(await screen.findByRole('radiogroup', { name: 'Membership level' })).toBeInTheDocument();
  });

  it.each([
    ['an unknown code', null, 'You must enter a valid code'],
    ['a promo code', lookup({ kind: 'promo' }), 'You must enter a valid code'],
    [
      'a code before valid_from',
      lookup({ valid_from: '2026-07-01T00:00:00.000Z' }),
      'This code has expired',
    ],
    [
      'a code after valid_to',
      lookup({ valid_to: '2026-05-31T00:00:00.000Z' }),
      'This code has expired',
    ],
    ['a used code', lookup({ exhausted: true }), 'This code has already been redeemed'],
    // the server's verdict wins over the visitor's clock (decision 0038 `state`)
    ['a code the server calls expired', lookup({ state: 'expired' }), 'This code has expired'],
    [
      'a code the server calls exhausted',
      lookup({ state: 'exhausted' }),
      'This code has already been redeemed',
    ],
  ])('refuses %s', async (_, code, message) => {
    renderRedeem(code);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
  });

  it('offers the levels for a code the server calls valid, whatever the visitor’s clock says', async () => {
    // a visitor whose clock runs a year ahead, past the code's valid_to
    vi.setSystemTime(Date.parse('2027-06-01T14:00:00.000Z'));
    renderRedeem(lookup({ state: 'valid' }));
    expect(await screen.findByRole('radiogroup', { name: 'Membership level' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('asks for exactly 10 characters before looking anything up', async () => {
    const { user, fetch } = renderRedeem(lookup(), '');
    await user.type(await screen.findByLabelText('Gift code'), 'SHORT');
    await user.click(screen.getByRole('button', { name: 'Redeem' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You must enter a valid code');
    expect(screen.getByLabelText('Gift code')).toHaveFocus();
    expect(codeLookups(fetch)).toEqual([]);
    await user.clear(screen.getByLabelText('Gift code'));
    await user.type(screen.getByLabelText('Gift code'), CODE);
    await user.click(screen.getByRole('button', { name: 'Redeem' }));
    expect(await screen.findByRole('radiogroup', { name: 'Membership level' })).toBeInTheDocument();
  });

  it('leaves it to the membership route without a membership event', async () => {
    const { router } = renderRoute(`/membership/redeem?gift_code=${CODE}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/demo-museum/membership'));
    expect(
      await screen.findByText('Memberships are not available at this time'),
    ).toBeInTheDocument();
  });
});
