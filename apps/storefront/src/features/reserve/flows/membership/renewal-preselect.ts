import type { Membership, MyMembershipResponse } from '@admit/contracts/membership';
import type { IdentityLink } from '@admit/contracts/membership';
import type { TicketType } from '@admit/contracts/resources';
import { latestTermsByProgram } from '@/api/membership/membership-status';

export interface RenewalTarget {
  term: Membership;
  /** the level's ticket type among the levels offered */
  levelId: string;
  links: IdentityLink[];
}

/**
 * What a renewal extends (shopping §4 "in a renew context the previous level and member details
 * are preselected"): the member's last term of a program sold here, its level's ticket type
 * (the `role` embed names it; a term without one is matched by the level's name) and members.
 */
export function renewalTargetOf(
  response: MyMembershipResponse | null,
  levels: readonly TicketType[],
): RenewalTarget | null {
  if (!response) return null;
  const roles = response.role?._data ?? [];
  for (const term of latestTermsByProgram(response)) {
    const role = roles.find((r) => r.id === term.role_id);
    const level =
      levels.find((type) => type.id === role?.ticket_type_id) ??
      levels.find((type) => type.name === term.role);
    if (!level) continue;
    const links = (response.identity_link?._data ?? []).filter(
      (link) => link.membership_id === term.id,
    );
    return { term, levelId: level.id, links };
  }
  return null;
}
