import type { UserEvent } from '@testing-library/user-event';
import { AUTH_INDICATOR_COOKIE } from '@admit/contracts/constants';
import { toCollection } from '@admit/contracts/envelope';
import type {
  IdentityLink,
  Membership,
  MembershipRole,
  MembershipRule,
  MyMembershipResponse,
} from '@admit/contracts/membership';
import type { TicketGroup, TicketType } from '@admit/contracts/resources';
import { setSellerSlug } from '@/config/seller-slug';
import { setLoggedIn } from '@/stores/member-store';
import type { MemberIdentity } from '@/stores/member-store';
import {
  eventTemplateBody,
  fixtureId,
  makeEventTemplate,
  makeTicketGroup,
  makeTicketType,
  makeVenue,
} from '@/testing/api-fixtures';

/** The membership event of the fixtures: Individual, Dual and Family levels (like the demo). */
export const MEMBERSHIP_EVENT_ID = fixtureId(70);
export const MEMBERSHIP_GROUP_ID = fixtureId(700);
export const INDIVIDUAL = fixtureId(701);
export const DUAL = fixtureId(702);
export const FAMILY = fixtureId(703);
export const MEMBERSHIP_PROGRAM_ID = fixtureId(710);
export const MEMBER_EMAIL = 'mia@example.org';

const LEVELS: Record<string, Partial<TicketType>> = {
  [INDIVIDUAL]: { name: 'Individual', currency_amount: '75.00', _rank: 1 },
  [DUAL]: { name: 'Dual', currency_amount: '120.00', _rank: 2 },
  [FAMILY]: { name: 'Family', currency_amount: '180.00', _rank: 3 },
};

export function membershipLevels(ids: string[] = [INDIVIDUAL, DUAL, FAMILY]): TicketType[] {
  return ids.map((id) =>
    makeTicketType({ id, ticket_group_id: MEMBERSHIP_GROUP_ID, ...LEVELS[id] }),
  );
}

/** GET events/{id} of the membership event with these levels. */
export function membershipEventBody(
  levels: TicketType[] = membershipLevels(),
  group: Partial<TicketGroup> = {},
) {
  return eventTemplateBody({
    event_template: [
      makeEventTemplate({
        id: MEMBERSHIP_EVENT_ID,
        name: 'Become a Member',
        category: 'Support',
        event_type: 'other',
      }),
    ],
    venue: [makeVenue()],
    ticket_group: [
      makeTicketGroup({
        id: MEMBERSHIP_GROUP_ID,
        event_template_id: MEMBERSHIP_EVENT_ID,
        name: 'Membership Levels',
        handler: 'membership',
        min_tickets_per_order: 1,
        ...group,
      }),
    ],
    ticket_type: levels,
  });
}

let ruleCounter = 0;

export function makeMembershipRule(overrides: Partial<MembershipRule> = {}): MembershipRule {
  ruleCounter += 1;
  return {
    id: fixtureId(7200 + ruleCounter),
    ticket_type_id: INDIVIDUAL,
    ticket_group_id: MEMBERSHIP_GROUP_ID,
    party_role: 'primary',
    min: 1,
    max: 1,
    named: 'yes',
    emailed: 'yes',
    ...overrides,
  };
}

/** The demo museum's rules: primary; Dual adds a named partner; Family an optional partner and 0–4 unnamed children. */
export function demoRules(): MembershipRule[] {
  return [
    makeMembershipRule({ ticket_type_id: INDIVIDUAL }),
    makeMembershipRule({ ticket_type_id: DUAL }),
    makeMembershipRule({ ticket_type_id: DUAL, party_role: 'partner', emailed: 'other' }),
    makeMembershipRule({ ticket_type_id: FAMILY }),
    makeMembershipRule({
      ticket_type_id: FAMILY,
      party_role: 'partner',
      min: 0,
      named: 'optional',
      emailed: 'other',
    }),
    makeMembershipRule({
      ticket_type_id: FAMILY,
      party_role: 'child',
      min: 0,
      max: 4,
      named: 'no',
      emailed: 'no',
    }),
  ];
}

export function rulesBody(rules: MembershipRule[] = demoRules()) {
  return { membership_rules: toCollection(rules) };
}

export function makeMembership(overrides: Partial<Membership> = {}): Membership {
  return {
    id: fixtureId(7500),
    identity_id: fixtureId(7600),
    member_code: 'DM100001',
    role: 'Family',
    role_id: fixtureId(7700),
    membership_program_id: MEMBERSHIP_PROGRAM_ID,
    ticket_order_id: fixtureId(7800),
    auto_renew_state: 'not_enrolled',
    valid_from: '2026-01-01T05:00:00.000Z',
    valid_to: '2027-01-01T05:00:00.000Z',
    renewal_allowed_from: '2026-11-02T05:00:00.000Z',
    previous_membership_id: null,
    benefits: {},
    ...overrides,
  };
}

export function makeRole(overrides: Partial<MembershipRole> = {}): MembershipRole {
  return {
    id: fixtureId(7700),
    name: 'Family',
    membership_program_id: MEMBERSHIP_PROGRAM_ID,
    ticket_type_id: FAMILY,
    benefits: {},
    ...overrides,
  };
}

let linkCounter = 0;

export function makeIdentityLink(overrides: Partial<IdentityLink> = {}): IdentityLink {
  linkCounter += 1;
  return {
    id: fixtureId(7900 + linkCounter),
    membership_id: fixtureId(7500),
    identity_id: null,
    ticket_id: null,
    party_role: 'primary',
    first_name: 'Mia',
    last_name: 'Member',
    email: MEMBER_EMAIL,
    ...overrides,
  };
}

/** GET my/membership with its embeds. */
export function myMembershipBody(
  memberships: Membership[],
  parts: { role?: MembershipRole[]; identity_link?: IdentityLink[] } = {},
): MyMembershipResponse {
  return {
    membership: toCollection(memberships),
    role: toCollection(parts.role ?? []),
    identity_link: toCollection(parts.identity_link ?? []),
  };
}

/**
 * The member store and the auth indicator cookie as after a login (the server's session itself
 * is the fetch stub's); without the cookie the session-end check logs out after a second.
 */
export function logInMember(identity: Partial<MemberIdentity> = {}): void {
  // the member store is keyed by the seller: the slug renderRoute sets
  setSellerSlug('demo-museum');
  document.cookie = `${AUTH_INDICATOR_COOKIE}=1; path=/`;
  setLoggedIn({
    first_name: 'Mia',
    last_name: 'Member',
    email: MEMBER_EMAIL,
    is_member: true,
    ...identity,
  });
}

/** Forgets the login of `logInMember` (tests start logged out). */
export function logOutMember(): void {
  document.cookie = `${AUTH_INDICATOR_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  localStorage.clear();
}

/** GET my/membership of a family term: auto-renew on, Mia and her partner Max named. */
export function familyMembershipBody(overrides: Partial<Membership> = {}): MyMembershipResponse {
  return myMembershipBody([makeMembership({ auto_renew_state: 'scheduled', ...overrides })], {
    identity_link: [
      makeIdentityLink(),
      makeIdentityLink({ party_role: 'partner', first_name: 'Max', email: null }),
    ],
  });
}

/** GET my/identity/saved_payment_method: the card auto-renew charges, Visa ending 4242. */
export function savedCardBody() {
  return {
    saved_payment_method: toCollection([
      {
        id: fixtureId(7990),
        type: 'card' as const,
        brand: 'visa',
        last4: '4242',
        exp_month: 3,
        exp_year: 2031,
        created_at: '2026-01-01T05:00:00.000Z',
      },
    ]),
  };
}

/**
 * "Replace card" with the sandbox fields by keyboard (decision 0067): from the focused card
 * number, the number, then expiry 12/30, CVC 123 and ZIP 10001, sent with Enter.
 */
export async function typeSandboxCard(user: UserEvent, number: string) {
  await user.keyboard(number);
  for (const next of ['12/30', '123', '10001{Enter}']) {
    await user.tab();
    await user.keyboard(next);
  }
}
