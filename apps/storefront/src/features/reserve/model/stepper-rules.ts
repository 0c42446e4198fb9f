import { MAX_TICKETS_PER_TYPE, UNLIMITED_CAPACITY } from '@admit/contracts/constants';
import type { TicketGroup, TicketType } from '@admit/contracts/resources';
import { remainingFor } from '@admit/contracts/rules/member-benefits';
import type { MemberAllowance, TypeCounts } from '@admit/contracts/rules/member-benefits';

/**
 * Quantity stepper rules (spec: shopping §5 "Steppers", "Quantity per type is clamped"). Pure:
 * every reserve form (date-first, quantity-first, single-event, one-ticket) asks these.
 */

/** ticket_type_id → quantity chosen */
export type Quantities = Readonly<Record<string, number>>;

export interface StepperGroup {
  ticketGroup: Pick<
    TicketGroup,
    | 'id'
    | 'min_tickets_per_order'
    | 'max_tickets_per_order'
    | 'capacity'
    | 'oversell_capacity'
    | 'used_capacity'
    | 'exclude_from_event_capacity'
  >;
  ticketTypes: Pick<TicketType, 'id'>[];
}

export interface StepperContext {
  groups: readonly StepperGroup[];
  /** the chosen session's availableCapacity; null without a session (any-date, not yet chosen) */
  sessionAvailableCapacity: number | null;
  quantities: Quantities;
  /** one-ticket forms (donation, gift card): exactly one ticket, never fewer */
  exactlyOne?: boolean;
  /** a member's benefit cap on member ticket types (shopping §5); absent for everyone else */
  memberCap?: MemberCap | null;
  /** an add-on's tickets in all, when they follow the admission's (model/anchor-match.ts) */
  totalCap?: number | null;
}

/**
 * spec: shopping §5 — "Member groups or members-only mode: quantity per type is capped by the
 * member benefit for that type plus a wildcard pool; over-use of a type draws down the wildcard
 * pool". The rule itself is the server's (`contracts/rules/member-benefits.ts`).
 */
export interface MemberCap {
  allowance: MemberAllowance;
  /** the ticket types the cap applies to (decision 0015: members-only groups and events) */
  memberTypeIds: ReadonlySet<string>;
  /** member tickets of this session already in the cart */
  existing: TypeCounts;
}

/** How many of a member type the benefits still allow beside what the other steppers hold. */
function memberCapFor(context: StepperContext, typeId: string): number {
  const cap = context.memberCap;
  if (!cap || !cap.memberTypeIds.has(typeId)) return Number.POSITIVE_INFINITY;
  const taken = new Map(cap.existing);
  for (const [id, n] of Object.entries(context.quantities)) {
    if (id !== typeId && n > 0 && cap.memberTypeIds.has(id))
      taken.set(id, (taken.get(id) ?? 0) + n);
  }
  return remainingFor(cap.allowance, taken, typeId);
}

/** spec: shopping §5 — "A negative limit means no limit" (capacity -1 is the unlimited sentinel). */
function isLimited(limit: number | null | undefined): limit is number {
  return typeof limit === 'number' && limit >= 0;
}

function sum(quantities: Quantities, typeIds: readonly string[]): number {
  return typeIds.reduce((total, id) => total + (quantities[id] ?? 0), 0);
}

function groupOf(context: StepperContext, typeId: string): StepperGroup | undefined {
  return context.groups.find((g) => g.ticketTypes.some((type) => type.id === typeId));
}

/** Capacity a group has left: capacity plus oversell minus used; null when unlimited. */
export function groupCapacityLeft(ticketGroup: StepperGroup['ticketGroup']): number | null {
  if (ticketGroup.capacity === UNLIMITED_CAPACITY || !isLimited(ticketGroup.capacity)) return null;
  return Math.max(
    0,
    ticketGroup.capacity + ticketGroup.oversell_capacity - ticketGroup.used_capacity,
  );
}

/**
 * The most this type may be set to given what the other types already hold: default cap 1000,
 * bounded by the group's max_tickets_per_order and capacity left, by the session's
 * availableCapacity unless the group is excluded from event capacity, and for a member type by
 * the member's benefits.
 */
export function maxForType(context: StepperContext, typeId: string): number {
  const group = groupOf(context, typeId);
  if (!group) return 0;
  if (context.exactlyOne) return 1;
  const own = context.quantities[typeId] ?? 0;
  const groupTypeIds = group.ticketTypes.map((type) => type.id);
  const othersInGroup = sum(context.quantities, groupTypeIds) - own;
  let cap = MAX_TICKETS_PER_TYPE;
  const { max_tickets_per_order: maxPerOrder } = group.ticketGroup;
  if (isLimited(maxPerOrder)) cap = Math.min(cap, maxPerOrder - othersInGroup);
  const groupLeft = groupCapacityLeft(group.ticketGroup);
  if (groupLeft !== null) cap = Math.min(cap, groupLeft - othersInGroup);
  const sessionLeft = context.sessionAvailableCapacity;
  if (!group.ticketGroup.exclude_from_event_capacity && isLimited(sessionLeft)) {
    // only groups that count against the session share its capacity
    const sharing = context.groups
      .filter((g) => !g.ticketGroup.exclude_from_event_capacity)
      .flatMap((g) => g.ticketTypes.map((type) => type.id));
    cap = Math.min(cap, sessionLeft - (sum(context.quantities, sharing) - own));
  }
  cap = Math.min(cap, memberCapFor(context, typeId));
  if (typeof context.totalCap === 'number') {
    const others = totalQuantity(context.quantities) - own;
    cap = Math.min(cap, context.totalCap - others);
  }
  return Math.max(0, cap);
}

/** The first step's target: the group's min_tickets_per_order when it has one type, else 1. */
export function minimumQuantity(context: StepperContext, typeId: string): number {
  const group = groupOf(context, typeId);
  if (!group) return 1;
  const min = group.ticketGroup.min_tickets_per_order;
  return group.ticketTypes.length === 1 && isLimited(min) && min > 1 ? min : 1;
}

/** spec: shopping §5 — "the first increment jumps to the minimum"; 0 when no capacity remains. */
export function increment(context: StepperContext, typeId: string): number {
  const current = context.quantities[typeId] ?? 0;
  const max = maxForType(context, typeId);
  const next = current === 0 ? minimumQuantity(context, typeId) : current + 1;
  return next <= max ? next : current;
}

/** spec: shopping §5 — "decrement from the minimum goes to 0"; exactly-one mode blocks it. */
export function decrement(context: StepperContext, typeId: string): number {
  const current = context.quantities[typeId] ?? 0;
  if (context.exactlyOne) return current;
  if (current <= minimumQuantity(context, typeId)) return 0;
  return current - 1;
}

/** Whether the + button can do anything (the stepper disables it otherwise). */
export function canIncrement(context: StepperContext, typeId: string): boolean {
  return increment(context, typeId) !== (context.quantities[typeId] ?? 0);
}

export function canDecrement(context: StepperContext, typeId: string): boolean {
  return decrement(context, typeId) !== (context.quantities[typeId] ?? 0);
}

/**
 * A typed or preset quantity, clamped to 0..remaining (spec: shopping §5); a value between 0 and
 * the minimum is raised to the minimum when that fits, else dropped to 0.
 */
export function setQuantity(context: StepperContext, typeId: string, wanted: number): number {
  if (!Number.isFinite(wanted) || wanted <= 0) return context.exactlyOne ? 1 : 0;
  const max = maxForType(context, typeId);
  const value = Math.min(Math.trunc(wanted), max);
  const min = minimumQuantity(context, typeId);
  if (value >= min) return value;
  return min <= max ? min : 0;
}

/** Applies a stepper's proposed value: one step up or down follows the step rules. */
export function applyStep(context: StepperContext, typeId: string, proposed: number): number {
  const current = context.quantities[typeId] ?? 0;
  if (proposed === current + 1) return increment(context, typeId);
  if (proposed === current - 1) return decrement(context, typeId);
  return setQuantity(context, typeId, proposed);
}

export function totalQuantity(quantities: Quantities): number {
  return Object.values(quantities).reduce((total, n) => total + n, 0);
}
