import type { CartBundle } from '@admit/contracts/cart';
import {
  MUST_MATCH_ANCHOR_META_KEY,
  countAnchorTickets,
  isAnchorEvent,
  typeNameKey,
  type AnchorConfig,
} from '@admit/contracts/rules/anchor-tickets';
import type { TicketGroupWithTypes } from '@/api/events/event-detail';
import { metaFlag, type EventDetail } from '@/api/events/event-detail';
import { cartTicketKinds } from '@/api/cart/cart-items';
import type { Quantities } from '@/features/reserve/model/stepper-rules';

/**
 * An add-on whose quantities follow the admission's (shopping §3 event meta
 * `tickets_must_match_anchor_tickets`; decision 0065): the form's steppers are capped at the
 * cart's admission tickets in total and preset to them. The server refuses any other count
 * (api `modules/cart/anchor-match.ts`); the rule is `contracts/rules/anchor-tickets.ts`.
 */
export interface AnchorMatch {
  /** the add-on tickets to choose: the cart's admission tickets less the add-on's held */
  count: number;
  /** the admission tickets by type name ("Adult" → 2), to preset types of the same name */
  byTypeName: ReadonlyMap<string, number>;
}

/**
 * The match an add-on's form must meet, or null when the event is not an add-on of the seller's
 * (shopping §9) or sets no such rule. Tickets of the add-on already in the cart count against it.
 */
export function anchorMatchOf(
  event: EventDetail,
  bundle: CartBundle | null,
  config: AnchorConfig,
): AnchorMatch | null {
  if (!metaFlag(event, MUST_MATCH_ANCHOR_META_KEY) || !isAnchorEvent(event.template, config)) {
    return null;
  }
  const kinds = cartTicketKinds(bundle);
  const held = kinds.filter((k) => k.eventId === event.template.id).length;
  const byTypeName = new Map<string, number>();
  // a preset only for a first choice: with add-on tickets held, the visitor adds the rest
  if (held === 0) {
    for (const k of kinds.filter((kind) => countAnchorTickets([kind], config) > 0)) {
      const name = typeNameKey(k.typeName);
      byTypeName.set(name, (byTypeName.get(name) ?? 0) + k.count);
    }
  }
  return { count: Math.max(0, countAnchorTickets(kinds, config) - held), byTypeName };
}

/**
 * The quantities an add-on form starts with: each admission type's count on the add-on's
 * available type of the same name ("Adult" for "Adult"), when every admission type has one;
 * else, when the add-on sells one type only, the whole count on it; else nothing (the visitor
 * splits the count among the types).
 */
export function presetQuantities(
  groups: readonly TicketGroupWithTypes[],
  match: AnchorMatch,
): Quantities | null {
  if (match.count === 0) return null;
  const available = groups.flatMap(({ ticketGroup, ticketTypes }) =>
    ticketTypes.filter((type) => type.available && ticketGroup.available),
  );
  const byName = new Map(available.map((type) => [typeNameKey(type.name), type.id]));
  const named: Record<string, number> = {};
  for (const [name, n] of match.byTypeName) {
    const id = byName.get(name);
    if (!id) break;
    named[id] = (named[id] ?? 0) + n;
  }
  const namedTotal = Object.values(named).reduce((a, b) => a + b, 0);
  if (namedTotal === match.count) return named;
  return available.length === 1 ? { [available[0]!.id]: match.count } : null;
}
