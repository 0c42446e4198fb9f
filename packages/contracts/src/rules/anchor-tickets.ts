import { admitsByTicketCode } from './admission';

/**
 * Add-ons that follow the admission (shopping §3 "Event template" meta
 * `tickets_must_match_anchor_tickets`; issue #25): an add-on ("anchor") event needs an admission
 * already in the cart (shopping §6), and with this meta set its tickets must number exactly the
 * cart's admission tickets — one exhibition ticket per visitor. The one home of the rule: the
 * cart refuses a reserve that breaks it (api `modules/cart/anchor-match.ts`) and the reserve
 * forms preset and cap their steppers with it (storefront `features/reserve/`). Decision 0065.
 */

/** The event meta key that makes an add-on's quantities follow the admission's. */
export const MUST_MATCH_ANCHOR_META_KEY = 'tickets_must_match_anchor_tickets';

/**
 * A meta flag's value: booleans, numbers, or the strings a back office stores ("true", "1",
 * "yes", "y"). The one reading of a flag for both apps.
 */
export function isMetaFlagSet(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0;
  return (
    typeof value === 'string' && ['true', '1', 'yes', 'y'].includes(value.trim().toLowerCase())
  );
}

/** Whether a meta row sets the rule on its event: the one reading of the meta for both apps. */
export function setsMustMatchAnchor(m: { resource: string; key: string; value: unknown }): boolean {
  return (
    m.resource === 'event_template' &&
    m.key === MUST_MATCH_ANCHOR_META_KEY &&
    isMetaFlagSet(m.value)
  );
}

/** The seller's configured add-ons (shopping §1, §9 "Upsell anchors"). */
export interface AnchorConfig {
  anchor_events: readonly string[];
  anchor_categories: readonly string[];
}

/** spec: shopping §9 — "Upsell anchors come from configured anchor events or categories". */
export function isAnchorEvent(
  event: { id: string; category: string | null },
  config: AnchorConfig,
): boolean {
  return (
    config.anchor_events.includes(event.id) ||
    (event.category !== null && config.anchor_categories.includes(event.category))
  );
}

/** Tickets of one kind in a cart: their event, its category, their group's handler, how many. */
export interface CartTicketKind {
  eventId: string;
  category: string | null;
  handler: string;
  count: number;
}

/**
 * How many admission tickets a cart holds: tickets that admit someone by their own code
 * (tickets, passes, seats — not a membership, donation, gift card or voucher) of an event
 * that is not itself an add-on.
 */
export function countAnchorTickets(kinds: readonly CartTicketKind[], config: AnchorConfig): number {
  return kinds
    .filter(
      (k) =>
        admitsByTicketCode(k.handler) &&
        !isAnchorEvent({ id: k.eventId, category: k.category }, config),
    )
    .reduce((n, k) => n + k.count, 0);
}

/** Whether an add-on's count breaks the rule: too many, too few, or null when it matches. */
export function anchorMismatch(addOnCount: number, anchorCount: number): 'over' | 'under' | null {
  if (addOnCount > anchorCount) return 'over';
  if (addOnCount < anchorCount) return 'under';
  return null;
}

/** One live ticket of a cart or an order, as the trim reads it. */
export interface HeldTicketKind {
  id: string;
  eventId: string;
  category: string | null;
  handler: string;
  /** its ticket type's name: an add-on ticket goes with the admission ticket of the same name */
  typeName: string;
}

/** A type name as the rule compares it ("Adult " and "adult" are one type). */
export const typeNameKey = (name: string) => name.trim().toLowerCase();

/**
 * The add-on tickets a cart or an order may no longer keep once its admission tickets fell
 * (a removal, a manage cancel): for each of the seller's add-ons whose meta sets the rule
 * (`mustMatch`), as many of its tickets as it holds beyond the admission count. Those taken are
 * the ones no admission ticket of the same type name still stands for (an Adult add-on ticket
 * per Adult admission ticket, as the reserve forms preset them, decision 0065), the last made
 * first; there are always enough of them (decision 0098). `tickets`: the live tickets in the
 * order they were made. An add-on never holds more tickets than the admission; fewer (the
 * admission grew since) is left for the buyer to add (decision 0076).
 */
export function addOnTicketsBeyondAdmission(
  tickets: readonly HeldTicketKind[],
  mustMatch: ReadonlySet<string>,
  config: AnchorConfig,
): string[] {
  const admissions = tickets.filter(
    (t) =>
      admitsByTicketCode(t.handler) &&
      !isAnchorEvent({ id: t.eventId, category: t.category }, config),
  );
  const admissionsByName = new Map<string, number>();
  for (const t of admissions) {
    const name = typeNameKey(t.typeName);
    admissionsByName.set(name, (admissionsByName.get(name) ?? 0) + 1);
  }
  const beyond: string[] = [];
  for (const eventId of mustMatch) {
    const own = tickets.filter(
      (t) =>
        t.eventId === eventId && isAnchorEvent({ id: t.eventId, category: t.category }, config),
    );
    const surplus = own.length - admissions.length;
    if (surplus <= 0) continue;
    // per type name, the first made are those the admission of that name still stands for
    const seen = new Map<string, number>();
    const unmatched = own.filter((t) => {
      const name = typeNameKey(t.typeName);
      const n = (seen.get(name) ?? 0) + 1;
      seen.set(name, n);
      return n > (admissionsByName.get(name) ?? 0);
    });
    beyond.push(
      ...unmatched
        .slice(-surplus)
        .map((t) => t.id)
        .reverse(),
    );
  }
  return beyond;
}
