import type { SelfEditRules } from '../self-edit-rules';

/**
 * The after-sale rules of identity §4 "Ticket states" and §5 (free-order cancel, order-cancel
 * condition, self-edit horizon), pure and shared: the server enforces them on every manage call
 * and answers them per ticket, the storefront shows them. The zone arithmetic of "the start of
 * today" is the caller's (the server's zoned time); here it arrives as `horizonDayStart`.
 */

/**
 * identity §6: "Editing an order anonymously needs self-edit rules enabled with anon_editing" —
 * the rules as the secret link's holder gets them (a logged-in member never edits, §6).
 */
export const anonymousEditingRules = (rules: SelfEditRules): SelfEditRules => ({
  ...rules,
  enabled: rules.enabled && rules.anon_editing,
});

/** Ticket states that are gone (identity §4: cancelled and unbooked both read as cancelled). */
export const isCancelledState = (state: string) => state === 'cancelled' || state === 'unbooked';

/** Account lists show only these (identity §4). */
export const ACCOUNT_TICKET_STATES = ['booked', 'redeemed'] as const;

export interface HorizonClock {
  now: Date;
  /** the start of today in the venue's zone plus `horizon_days` days */
  horizonDayStart: Date;
}

/**
 * identity §5 "Self-edit horizon": a session is locked if it starts before today (start of day)
 * plus horizon_days, or before now plus horizon_hours. A started session is always locked.
 */
export function isPastHorizon(
  start: Date,
  clock: HorizonClock,
  rules: Pick<SelfEditRules, 'horizon_hours'>,
): boolean {
  const hours = clock.now.getTime() + rules.horizon_hours * 3_600_000;
  return (
    start.getTime() <= clock.now.getTime() ||
    start < clock.horizonDayStart ||
    start.getTime() < hours
  );
}

/** identity §5: only tickets of handler `tickets` whose event category is configured. */
export function isEditableKind(
  ticket: { handler: string; category: string | null },
  rules: Pick<SelfEditRules, 'categories'>,
): boolean {
  if (ticket.handler !== 'tickets') return false;
  return (
    rules.categories === null ||
    (ticket.category !== null && rules.categories.includes(ticket.category))
  );
}

/** What the rules say of one ticket of an order. */
export interface TicketFacts {
  state: string;
  handler: string;
  category: string | null;
  /** minor units */
  faceValue: number;
  adjustedValue: number;
  /** null: an any-date ticket (never self-edited) */
  start: Date | null;
}

/** Why a ticket cannot be changed; null when it can. The spec's codes (identity §8). */
export type TicketRefusal = 'ticket_state_incorrect' | 'tickets_too_old' | 'not_editable' | null;

/**
 * Whether a session's tickets are locked: past the horizon when self-editing is on (the seller's
 * lock), else once it has started.
 */
export function isLocked(start: Date | null, rules: SelfEditRules, clock: HorizonClock): boolean {
  if (!start) return true;
  return rules.enabled
    ? isPastHorizon(start, clock, rules)
    : start.getTime() <= clock.now.getTime();
}

/**
 * identity §5 "Free-order cancel": only tickets with adjusted value 0 and a future session (not
 * locked). Booked only (a redeemed or cancelled ticket has nothing to cancel).
 */
export function freeCancelRefusal(
  t: TicketFacts,
  rules: SelfEditRules,
  clock: HorizonClock,
): TicketRefusal {
  if (t.state !== 'booked') return 'ticket_state_incorrect';
  if (t.adjustedValue !== 0) return 'not_editable';
  if (isLocked(t.start, rules, clock)) return 'tickets_too_old';
  return null;
}

/**
 * identity §5 self-edit: a booked ticket of an editable kind whose session is not past the
 * horizon (rules enabled). Reschedule and the cancel of a paid ticket both need it.
 */
export function selfEditRefusal(
  t: TicketFacts,
  rules: SelfEditRules,
  clock: HorizonClock,
): TicketRefusal {
  if (t.state !== 'booked') return 'ticket_state_incorrect';
  if (!rules.enabled || !t.start || !isEditableKind(t, rules)) return 'not_editable';
  if (isPastHorizon(t.start, clock, rules)) return 'tickets_too_old';
  return null;
}

/**
 * Whether a ticket may be cancelled at all: the free-order rule, else self-editing. The first
 * refusal of the two that applies is answered (a paid ticket answers the self-edit one).
 */
export function cancelRefusal(
  t: TicketFacts,
  rules: SelfEditRules,
  clock: HorizonClock,
): TicketRefusal {
  const free = freeCancelRefusal(t, rules, clock);
  if (free === null || t.adjustedValue === 0) return free;
  return selfEditRefusal(t, rules, clock);
}

/**
 * identity §4: a session is not editable if all its tickets are cancelled, it is past the
 * horizon, or any ticket is redeemed.
 */
export function isSessionEditable(
  tickets: Pick<TicketFacts, 'state'>[],
  start: Date | null,
  rules: SelfEditRules,
  clock: HorizonClock,
): boolean {
  if (!rules.enabled || !start || tickets.length === 0) return false;
  if (tickets.every((t) => isCancelledState(t.state))) return false;
  if (tickets.some((t) => t.state === 'redeemed')) return false;
  return !isPastHorizon(start, clock, rules);
}

/**
 * identity §5 "An order can be cancelled only if all tickets have face value 0 and not all are
 * cancelled or past the horizon" (the cancel-whole-order button).
 */
export function isOrderCancellable(
  tickets: Pick<TicketFacts, 'state' | 'faceValue' | 'start'>[],
  rules: SelfEditRules,
  clock: HorizonClock,
): boolean {
  if (tickets.length === 0 || tickets.some((t) => t.faceValue !== 0)) return false;
  return tickets.some((t) => !isCancelledState(t.state) && !isLocked(t.start, rules, clock));
}
