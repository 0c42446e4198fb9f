import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Membership } from '@admit/contracts/membership';
import {
  eventTemplateBody,
  fixtureId,
  makeEventTemplate,
  makeMeta,
  makeTicketGroup,
  makeTicketType,
  makeVenue,
} from '@/testing/api-fixtures';
import { createFetchStub } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/render-route';
import {
  logInMember,
  logOutMember,
  makeMembership,
  myMembershipBody,
} from '@/testing/membership-fixtures';

const EVENT_ID = fixtureId(80);
const PUBLIC_GROUP = fixtureId(810);
const MEMBER_GROUP = fixtureId(811);
const ADULT = fixtureId(820);
const MEMBER_ADULT = fixtureId(821);
const MEMBER_CHILD = fixtureId(822);
const IN_TERM = Date.parse('2026-06-01T14:00:00.000Z');
const IN_RENEWAL = Date.parse('2026-12-01T14:00:00.000Z');
const LAPSED = Date.parse('2027-02-01T14:00:00.000Z');

/** A quantity-first event (steppers without a session) with a public and a members-only group. */
function eventBody(hiddenType: 'public_browsable' | 'public_member_only' = 'public_browsable') {
  return eventTemplateBody({
    event_template: [
      makeEventTemplate({ id: EVENT_ID, name: 'Evening Preview', hidden_type: hiddenType }),
    ],
    meta: [makeMeta(EVENT_ID, 'reserve_flow', 'quantity_first')],
    venue: [makeVenue()],
    ticket_group: [
      makeTicketGroup({ id: PUBLIC_GROUP, event_template_id: EVENT_ID, name: 'Admission' }),
      makeTicketGroup({
        id: MEMBER_GROUP,
        event_template_id: EVENT_ID,
        name: 'Member Admission',
        hidden_type: 'public_member_only',
        max_tickets_per_order: 6,
        rank: 2,
      }),
    ],
    ticket_type: [
      makeTicketType({ id: ADULT, ticket_group_id: PUBLIC_GROUP, name: 'Adult' }),
      makeTicketType({
        id: MEMBER_ADULT,
        ticket_group_id: MEMBER_GROUP,
        name: 'Member Adult',
        currency_amount: '0.00',
      }),
      makeTicketType({
        id: MEMBER_CHILD,
        ticket_group_id: MEMBER_GROUP,
        name: 'Member Child',
        currency_amount: '0.00',
        _rank: 2,
      }),
    ],
  });
}

function renderEvent(memberships: Membership[] | null, hiddenType?: 'public_member_only') {
  if (memberships) logInMember();
  // a logged-in visitor reads the catalogue live: the cache path answers as the public
  const fetch = createFetchStub({
    [memberships ? 'GET /api/events/:id' : 'GET /cached_api/events/:id']: eventBody(hiddenType),
    ...(memberships ? { 'GET /api/my/membership': myMembershipBody(memberships) } : {}),
  });
  return renderRoute(`/events/${EVENT_ID}`, { fetch });
}

const FAMILY_BENEFITS = { [MEMBER_ADULT]: 2, '*': 1 };

beforeAll(async () => {
  await import('@/features/event/event-route');
});
beforeEach(() => {
  logOutMember();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(IN_TERM);
});
afterEach(() => vi.useRealTimers());

describe('members-only events (shopping §2 rule 5, §6)', () => {
  it('shows the notice to a logged-in visitor without a current membership', async () => {
    renderEvent([], 'public_member_only');
    const notice = await screen.findByRole('region', { name: 'Members only' });
    expect(within(notice).getByRole('link', { name: 'Become a member' })).toBeInTheDocument();
  });

  it('tells someone whose membership lapsed that it has expired, with a way to renew', async () => {
    vi.setSystemTime(LAPSED);
    renderEvent([makeMembership()], 'public_member_only');
    const notice = await screen.findByRole('region', { name: 'Members only' });
    expect(notice).toHaveTextContent(
      'Your membership has expired. Renew it to book tickets for members-only events.',
    );
    expect(within(notice).getByRole('link', { name: 'Renew your membership' })).toHaveAttribute(
      'href',
      '/demo-museum/membership/renew',
    );
    expect(within(notice).queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
  });

  it('opens the event to a current member and welcomes them', async () => {
    renderEvent([makeMembership({ benefits: FAMILY_BENEFITS })], 'public_member_only');
    expect(
      await screen.findByText('Welcome back, Mia! Your member benefits apply to your tickets.'),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole('button', { name: 'Increase Member Adult' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Members only' })).not.toBeInTheDocument();
  });
});

describe('renewal notice (shopping §6)', () => {
  it('says how many days are left once the renewal period has begun', async () => {
    vi.setSystemTime(IN_RENEWAL);
    renderEvent([makeMembership()]);
    const notice = await screen.findByRole('complementary', { name: 'Membership renewal' });
    expect(notice).toHaveTextContent('Your Family membership expires in 31 days.');
    expect(within(notice).getByRole('link', { name: 'Renew now' })).toHaveAttribute(
      'href',
      '/demo-museum/membership/renew',
    );
  });

  it('says when the membership expired', async () => {
    vi.setSystemTime(LAPSED);
    renderEvent([makeMembership()]);
    const notice = await screen.findByRole('complementary', { name: 'Membership renewal' });
    expect(notice).toHaveTextContent('Your Family membership expired on Fri, Jan 1, 2027.');
  });

  it('says nothing before the renewal period, or on an event without member tickets', async () => {
    renderEvent([makeMembership()]);
    await screen.findByText('Welcome back, Mia! Your member benefits apply to your tickets.');
    expect(screen.queryByRole('complementary', { name: 'Membership renewal' })).toBeNull();
  });
});

describe('member steppers (shopping §5, decision 0015)', () => {
  it('caps member types by their benefit plus the wildcard pool, and not the public ones', async () => {
    const { user } = renderEvent([makeMembership({ benefits: FAMILY_BENEFITS })]);
    const adultUp = await screen.findByRole('button', { name: 'Increase Member Adult' });
    const childUp = screen.getByRole('button', { name: 'Increase Member Child' });
    // 2 adults from the benefit, a third from the pool of 1
    for (let i = 0; i < 3; i++) await user.click(adultUp);
    expect(screen.getByRole('group', { name: 'Member Adult' })).toHaveTextContent('3');
    expect(adultUp).toBeDisabled();
    // the pool is used up: no child either (the group's own maximum would allow 3 more)
    expect(childUp).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Decrease Member Adult' }));
    expect(childUp).toBeEnabled();
    await user.click(childUp);
    expect(childUp).toBeDisabled();
    // public types know no member cap
    const publicUp = screen.getByRole('button', { name: 'Increase Adult' });
    for (let i = 0; i < 4; i++) await user.click(publicUp);
    expect(publicUp).toBeEnabled();
  });

  it('leaves member types uncapped by benefits for a membership without benefits', async () => {
    const { user } = renderEvent([makeMembership({ benefits: {} })]);
    const adultUp = await screen.findByRole('button', { name: 'Increase Member Adult' });
    for (let i = 0; i < 4; i++) await user.click(adultUp);
    expect(adultUp).toBeEnabled();
  });
});
