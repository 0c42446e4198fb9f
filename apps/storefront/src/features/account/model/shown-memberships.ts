import type { IdentityLink, Membership, MyMembershipResponse } from '@admit/contracts/membership';

/**
 * What "My membership details" lists (identity §2): every term not yet ended (current, and a
 * renewal to come), earliest first; a lapsed member sees their last term.
 */
export function shownMemberships(response: MyMembershipResponse | null, now: number): Membership[] {
  const terms = response?.membership._data ?? [];
  const open = terms
    .filter((m) => Date.parse(m.valid_to) > now)
    .sort((a, b) => Date.parse(a.valid_from) - Date.parse(b.valid_from));
  if (open.length > 0) return open;
  const latest = [...terms].sort((a, b) => Date.parse(b.valid_to) - Date.parse(a.valid_to))[0];
  return latest ? [latest] : [];
}

/** The members' names of a term (its identity links), in their order. */
export function memberNamesOf(response: MyMembershipResponse | null, membershipId: string) {
  return (response?.identity_link?._data ?? [])
    .filter((link: IdentityLink) => link.membership_id === membershipId)
    .map((link) => [link.first_name, link.last_name].filter(Boolean).join(' '))
    .filter((name) => name !== '');
}

/**
 * The ticket a term's wallet pass is issued for (identity §2 "add-to-wallet links"; identity §7
 * has passes per ticket): the holder's own member ticket, else the term's first one. The pass
 * carries the member ID (decision 0040). Null for a term without tickets (made by hand).
 */
export function membershipPassTicketOf(
  response: MyMembershipResponse | null,
  membership: Membership,
): string | null {
  const links = (response?.identity_link?._data ?? []).filter(
    (link) => link.membership_id === membership.id && link.ticket_id !== null,
  );
  const own = links.find((link) => link.identity_id === membership.identity_id);
  return (own ?? links[0])?.ticket_id ?? null;
}
