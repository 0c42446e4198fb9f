import { Suspense } from 'react';
import { useSellerConfig } from '@/config/seller-config';
import { useMemberStatus } from '@/api/membership/get-my-membership';
import { Loader } from '@/ui/loader';
import { useStrings } from '@/ui/text/use-strings';
import { EVENT_STRINGS } from '@/features/event/strings';
import type { EventDetail, TicketGroupWithTypes } from '@/api/events/event-detail';
import { useHasAdmissionInCart } from '@/features/event/model/cart-state';
import { selectSelectionArea } from '@/features/event/model/select-selection-area';
import type { SelectionContext } from '@/features/event/model/select-selection-area';
import { useEventSlots } from '@/features/event/event-slots';
import { TicketGroupsPanel } from '@/features/event/components/ticket-groups-panel';
import {
  AnchorPrompt,
  MembersOnlyNotice,
  NoTicketGroupsWarning,
} from '@/features/event/components/selection-notices';

export function useSelectionContext(): SelectionContext & {
  memberPending: boolean;
  hadMembership: boolean;
} {
  const config = useSellerConfig();
  // spec: shopping §6 — members-only groups are for holders of a current membership
  const member = useMemberStatus();
  const hasAdmissionInCart = useHasAdmissionInCart();
  return {
    anchorEvents: config.anchor_events,
    anchorCategories: config.anchor_categories,
    hasAdmissionInCart,
    isMember: member.isMember,
    memberPending: member.isPending,
    hadMembership: member.hadMembership,
    reserveFlow: config.reserve_flow,
  };
}

function groupsWith(event: EventDetail, handlers: string[]): TicketGroupWithTypes[] {
  return event.ticketGroups.filter(({ ticketGroup }) => handlers.includes(ticketGroup.handler));
}

/** Groups a visitor may reserve: members-only groups are left out for non-members (§6). */
function visibleGroups(event: EventDetail, isMember: boolean): TicketGroupWithTypes[] {
  return event.ticketGroups.filter(
    ({ ticketGroup }) => isMember || ticketGroup.hidden_type !== 'public_member_only',
  );
}

/** The event's selection area: exactly one panel, chosen by `selectSelectionArea` (shopping §2). */
export function SelectionArea({
  event,
  skipAddOnTo,
}: {
  event: EventDetail;
  skipAddOnTo: string | null;
}) {
  const t = useStrings(EVENT_STRINGS);
  const context = useSelectionContext();
  const kind = selectSelectionArea(event, context);
  const Form = useEventSlots().selection?.[kind];
  // a logged-in visitor's memberships are still loading: no members-only notice meanwhile
  if (kind === 'members_only' && context.memberPending) {
    return <Loader label={t('event.member_loading')} />;
  }
  if (Form) {
    // a slot may be a lazy chunk (the membership form): it loads in place, not over the page
    return (
      <Suspense fallback={<Loader label={t('event.selection_loading')} />}>
        <Form event={event} skipAddOnTo={skipAddOnTo} />
      </Suspense>
    );
  }
  switch (kind) {
    case 'no_ticket_groups':
      return <NoTicketGroupsWarning />;
    case 'anchor_prompt':
      return <AnchorPrompt />;
    case 'members_only':
      return <MembersOnlyNotice lapsed={context.hadMembership} />;
    case 'membership':
      return (
        <TicketGroupsPanel
          heading={t('event.membership_heading')}
          ticketGroups={groupsWith(event, ['membership'])}
        />
      );
    case 'one_ticket': {
      const giftCards = groupsWith(event, ['ledger']);
      return giftCards.length > 0 ? (
        <TicketGroupsPanel heading={t('event.gift_card_heading')} ticketGroups={giftCards} />
      ) : (
        <TicketGroupsPanel
          heading={t('event.donation_heading')}
          ticketGroups={groupsWith(event, ['donation'])}
        />
      );
    }
    case 'single_event':
      return (
        <TicketGroupsPanel
          heading={t('event.single_heading')}
          ticketGroups={visibleGroups(event, context.isMember)}
        />
      );
    case 'quantity_first':
      return (
        <TicketGroupsPanel
          heading={t('event.quantity_first_heading')}
          ticketGroups={visibleGroups(event, context.isMember)}
        />
      );
    case 'date_first':
      return (
        <TicketGroupsPanel
          heading={t('event.date_first_heading')}
          ticketGroups={visibleGroups(event, context.isMember)}
        />
      );
  }
}
