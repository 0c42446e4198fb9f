import type { Membership, MyMembershipResponse } from '@admit/contracts/membership';
import { allowanceOf } from '@admit/contracts/rules/member-benefits';
import type { MemberAllowance } from '@admit/contracts/rules/member-benefits';

/**
 * What the storefront makes of `GET my/membership` (identity §3 "Membership": active when the
 * current time is strictly between validFrom and validTo). Pure: `now` is given, so every page
 * and test decides from the same instant. "Member" means a current membership, never merely a
 * logged-in visitor (issue 14).
 */

/**
 * Whether the seller sells memberships at all (identity §2 "Membership route": it leads to an
 * external address or the membership event, otherwise 'Memberships are not available at this
 * time'). A page offers to renew, join or give one only when this is true.
 */
export function sellsMemberships(config: {
  membership: { event_id: string | null; external_url: string | null };
}): boolean {
  return Boolean(config.membership.external_url || config.membership.event_id);
}

/** identity §3 — active when now is strictly between valid_from and valid_to. */
export function isCurrentMembership(membership: Membership, now: number): boolean {
  return Date.parse(membership.valid_from) < now && now < Date.parse(membership.valid_to);
}

export interface MemberStatus {
  /** at least one current membership */
  isMember: boolean;
  /** some membership term exists, current, to come or past (shopping §2 rule 5's "had memberships before") */
  hadMembership: boolean;
  current: Membership[];
  /** the term ending last: the one a renewal extends and a notice talks about */
  latest: Membership | null;
  /** the benefits of every current membership, summed (shopping §5 member cap) */
  allowance: MemberAllowance;
}

export const NOT_A_MEMBER: MemberStatus = {
  isMember: false,
  hadMembership: false,
  current: [],
  latest: null,
  allowance: allowanceOf([]),
};

const byEndDescending = (a: Membership, b: Membership) =>
  Date.parse(b.valid_to) - Date.parse(a.valid_to);

export function memberStatusOf(
  response: MyMembershipResponse | null | undefined,
  now: number,
): MemberStatus {
  const terms = [...(response?.membership._data ?? [])].sort(byEndDescending);
  if (terms.length === 0) return NOT_A_MEMBER;
  const current = terms.filter((m) => isCurrentMembership(m, now));
  return {
    isMember: current.length > 0,
    hadMembership: true,
    current,
    latest: terms[0] ?? null,
    allowance: allowanceOf(current.map((m) => m.benefits)),
  };
}

/**
 * identity §2 "Renewal is offered only when allowed (a renewal allowed-period in days before
 * validTo); otherwise expiry reads 'renew from' a date". A term without a program has no
 * period: it can be renewed at any time.
 */
export type RenewalState = { open: true } | { open: false; from: string };

export function renewalStateOf(membership: Membership, now: number): RenewalState {
  const from = membership.renewal_allowed_from;
  if (from === null || Date.parse(from) <= now) return { open: true };
  return { open: false, from };
}

/** The last term of each program (or level without one): what a renewal would extend. */
export function latestTermsByProgram(response: MyMembershipResponse | null | undefined) {
  const latest = new Map<string, Membership>();
  for (const term of [...(response?.membership._data ?? [])].sort(byEndDescending)) {
    const key = term.membership_program_id ?? `role:${term.role}`;
    if (!latest.has(key)) latest.set(key, term);
  }
  return [...latest.values()];
}

const DAY_MS = 86_400_000;

/** Whole days left until `iso`, rounded up (an end later today is 1 day away); never negative. */
export function daysUntil(iso: string, now: number): number {
  return Math.max(0, Math.ceil((Date.parse(iso) - now) / DAY_MS));
}
