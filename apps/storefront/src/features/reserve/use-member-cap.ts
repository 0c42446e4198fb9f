import type { TicketGroupWithTypes } from '@/api/events/event-detail';
import type { EventDetail } from '@/api/events/event-detail';
import { useCart } from '@/api/cart/get-cart';
import { useMemberStatus } from '@/api/membership/get-my-membership';
import { memberCapOf } from '@/features/reserve/model/member-cap';
import type { MemberCap } from '@/features/reserve/model/stepper-rules';

/** The member's stepper cap for these groups in this session (shopping §5). */
export function useMemberCap(
  event: EventDetail,
  groups: readonly TicketGroupWithTypes[] | null,
  sessionId: string | null,
): MemberCap | null {
  const status = useMemberStatus();
  const { bundle } = useCart();
  if (!groups) return null;
  return memberCapOf(status, groups, event.template.hidden_type, bundle, sessionId);
}
