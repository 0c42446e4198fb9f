import type { Membership } from '@admit/contracts/membership';
import { WILDCARD_POOL } from '@admit/contracts/rules/member-benefits';
import type { EventDetail } from '@/api/events/event-detail';
import type { MemberStatus, RenewalState } from '@/api/membership/membership-status';
import { daysUntil, renewalStateOf } from '@/api/membership/membership-status';
import { isMembersOnly } from '@/features/event/model/select-selection-area';

/**
 * Member tickets (decision 0015): a members-only event or group, or a ticket type some
 * membership gives as a benefit.
 */
export function hasMemberTickets(event: EventDetail, memberships: readonly Membership[]): boolean {
  const memberGroup = event.ticketGroups.some(
    ({ ticketGroup }) => ticketGroup.hidden_type === 'public_member_only',
  );
  if (memberGroup || isMembersOnly(event)) return true;
  const benefitTypes = new Set(
    memberships.flatMap((m) => Object.keys(m.benefits).filter((key) => key !== WILDCARD_POOL)),
  );
  return event.ticketGroups.some(({ ticketTypes }) =>
    ticketTypes.some((type) => benefitTypes.has(type.id)),
  );
}

export type RenewalNotice =
  | { kind: 'expires_in'; membership: Membership; days: number; renewal: RenewalState }
  | { kind: 'expired'; membership: Membership }
  | null;

/**
 * spec: shopping §6 — "A renewal notice appears when the event has member tickets and the
 * membership is expired or will be by the ticket date (two texts: expires-in and expired)".
 * The page shows it before a date is chosen, so "will be by the ticket date" is read as: the
 * term has reached its renewal period (decision 0035). A member who has already renewed (a
 * later term exists) gets none.
 */
export function renewalNoticeOf(status: MemberStatus, now: number): RenewalNotice {
  const latest = status.latest;
  if (!latest) return null;
  if (Date.parse(latest.valid_to) <= now) return { kind: 'expired', membership: latest };
  if (Date.parse(latest.valid_from) >= now) return null;
  const renewal = renewalStateOf(latest, now);
  if (!renewal.open) return null;
  return { kind: 'expires_in', membership: latest, days: daysUntil(latest.valid_to, now), renewal };
}
