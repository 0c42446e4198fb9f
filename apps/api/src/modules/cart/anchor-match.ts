import {
  addOnTicketsBeyondAdmission,
  anchorMismatch,
  countAnchorTickets,
  isAnchorEvent,
  setsMustMatchAnchor,
  type CartTicketKind,
  type HeldTicketKind,
} from '@admit/contracts/rules/anchor-tickets';
import type { Executor } from '@/db/transaction';
import { AppError } from '@/http/app-error';
import { readSellerSettings } from '@/modules/sellers/seller-settings';
import { selectMustMatchEvents } from './anchor-repo';
import type { BundleRows } from './bundle-repo';
import type { PlannedTicket } from './reserve-plan';
import { selectLiveTicketKinds } from './repo';

/**
 * spec: shopping §3 event meta `tickets_must_match_anchor_tickets` (issue #25, decision 0065):
 * an add-on with this meta sells exactly as many tickets as the cart holds admission tickets.
 * Checked when a modify adds tickets of such an add-on, after the modify's removals, so one
 * modify may change both sides together. The rule itself is `contracts/rules/anchor-tickets.ts`.
 * When the admission falls (a removal, a manage cancel), the add-on's tickets beyond it go too
 * (`addOnsBeyondAdmission`; decision 0076).
 */

/** The events among the planned tickets whose meta sets the rule (none: nothing to check). */
export function mustMatchEvents(planned: PlannedTicket[], rows: BundleRows | null): string[] {
  if (!rows) return [];
  const flagged = new Set(rows.metas.filter(setsMustMatchAnchor).map((m) => m.resourceId));
  return [...new Set(planned.map((t) => t.event.id))].filter((id) => flagged.has(id));
}

/**
 * Refuses the modify when an add-on's tickets in the cart after it would not number the cart's
 * admission tickets: `max_tickets_per_order_exceeded` when more, `min_tickets_per_order_not_met`
 * when fewer (shopping §8 shows both to the buyer), with the count to choose in `_extra`.
 * `cartId` null: a new cart, which holds nothing yet.
 */
export async function checkAnchorMatch(
  tx: Executor,
  target: { sellerId: string; cartId: string | null },
  planned: PlannedTicket[],
  addOnEvents: string[],
): Promise<void> {
  if (addOnEvents.length === 0) return;
  const [settings, live] = await Promise.all([
    readSellerSettings(tx, target.sellerId),
    target.cartId ? selectLiveTicketKinds(tx, target.cartId) : Promise.resolve([]),
  ]);
  const kinds: CartTicketKind[] = [
    ...live,
    ...planned.map((t) => ({
      eventId: t.event.id,
      category: t.event.category,
      handler: t.group.handler,
      count: 1,
    })),
  ];
  const anchors = {
    anchor_events: settings.anchor_events ?? [],
    anchor_categories: settings.anchor_categories ?? [],
  };
  const anchorTickets = countAnchorTickets(kinds, anchors);
  // the meta binds the seller's add-ons only (shopping §9 "Upsell anchors")
  const addOns = addOnEvents.filter((id) =>
    planned.some((t) => t.event.id === id && isAnchorEvent(t.event, anchors)),
  );
  for (const eventId of addOns) {
    const requested = kinds.filter((k) => k.eventId === eventId).reduce((n, k) => n + k.count, 0);
    const mismatch = anchorMismatch(requested, anchorTickets);
    if (!mismatch) continue;
    const extra = { event_template_id: eventId, anchor_tickets: anchorTickets, requested };
    const choose = anchorTickets === 1 ? 'one ticket' : `${anchorTickets} tickets`;
    const description =
      anchorTickets === 0
        ? 'Please add an admission ticket to your cart before this add-on.'
        : `Please choose ${choose} for this add-on: one for each admission ticket in your cart.`;
    throw mismatch === 'over'
      ? new AppError('max_tickets_per_order_exceeded', 'reserve', description, {
          ...extra,
          max: anchorTickets,
        })
      : new AppError('min_tickets_per_order_not_met', 'reserve', description, {
          ...extra,
          min: anchorTickets,
        });
  }
}

/**
 * The add-on tickets beyond the admission among a cart's or an order's live tickets (in the
 * order they were made): what a removal or a manage cancel must take away with the admission
 * tickets (decision 0076). Costs the seller's settings and, only when the tickets include one of
 * the seller's add-ons, one read of their meta.
 */
export async function addOnsBeyondAdmission(
  tx: Executor,
  sellerId: string,
  tickets: readonly HeldTicketKind[],
): Promise<string[]> {
  if (tickets.length === 0) return [];
  const settings = await readSellerSettings(tx, sellerId);
  const anchors = {
    anchor_events: settings.anchor_events ?? [],
    anchor_categories: settings.anchor_categories ?? [],
  };
  const addOnEvents = [
    ...new Set(
      tickets
        .filter((t) => isAnchorEvent({ id: t.eventId, category: t.category }, anchors))
        .map((t) => t.eventId),
    ),
  ];
  if (addOnEvents.length === 0) return [];
  const mustMatch = await selectMustMatchEvents(tx, sellerId, addOnEvents);
  return addOnTicketsBeyondAdmission(tickets, mustMatch, anchors);
}
