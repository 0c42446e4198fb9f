import type { EventDetail } from '@/api/events/event-detail';
import { hasHandler, metaText } from '@/api/events/event-detail';
import { isAnchorEvent as isAnchorInConfig } from '@admit/contracts/rules/anchor-tickets';

/** The one thing the event's selection area shows (shopping §2), in order of precedence. */
export type SelectionAreaKind =
  | 'no_ticket_groups'
  | 'anchor_prompt'
  | 'membership'
  | 'one_ticket'
  | 'members_only'
  | 'single_event'
  | 'quantity_first'
  | 'date_first';

export type ReserveFlow = 'date_first' | 'quantity_first';

export interface SelectionContext {
  anchorEvents: readonly string[];
  anchorCategories: readonly string[];
  hasAdmissionInCart: boolean;
  isMember: boolean;
  /** the configured default (config `reserve_flow`), overridden per event by meta `reserve_flow` */
  reserveFlow: ReserveFlow;
}

/** Anchor events sell add-ons to an admission: configured by id or by category (shopping §9). */
export function isAnchorEvent(
  event: EventDetail,
  context: Pick<SelectionContext, 'anchorEvents' | 'anchorCategories'>,
): boolean {
  return isAnchorInConfig(event.template, {
    anchor_events: context.anchorEvents,
    anchor_categories: context.anchorCategories,
  });
}

/**
 * Members-only: the template is member-only, or every ticket group is (shopping §6 — "All-groups
 * members-only events require a current membership").
 */
export function isMembersOnly(event: EventDetail): boolean {
  if (event.template.hidden_type === 'public_member_only') return true;
  return (
    event.ticketGroups.length > 0 &&
    event.ticketGroups.every(({ ticketGroup }) => ticketGroup.hidden_type === 'public_member_only')
  );
}

/** Meta `reserve_flow` may be written "date_first" or "date-first"; anything else is ignored. */
export function reserveFlowOf(event: EventDetail, fallback: ReserveFlow): ReserveFlow {
  const flow = metaText(event, 'reserve_flow')?.trim().toLowerCase().replace('-', '_');
  return flow === 'date_first' || flow === 'quantity_first' ? flow : fallback;
}

/** spec: shopping §2 "The selection area shows exactly one of the following, in order". */
export function selectSelectionArea(
  event: EventDetail,
  context: SelectionContext,
): SelectionAreaKind {
  if (event.ticketGroups.length === 0) return 'no_ticket_groups';
  if (isAnchorEvent(event, context) && !context.hasAdmissionInCart) return 'anchor_prompt';
  if (hasHandler(event, 'membership')) return 'membership';
  // gift cards are ledger groups
  if (hasHandler(event, 'ledger', 'donation')) return 'one_ticket';
  if (isMembersOnly(event) && !context.isMember) return 'members_only';
  if (event.template.event_type === 'single') return 'single_event';
  return reserveFlowOf(event, context.reserveFlow);
}
