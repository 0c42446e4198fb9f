/**
 * The member benefit cap, one rule for the server (reserve) and the storefront (steppers).
 * spec: shopping §5 "Member groups or members-only mode: quantity per type is capped by the
 * member benefit for that type plus a wildcard pool; over-use of a type draws down the wildcard
 * pool"; identity §3 "Membership" benefits: a count per member ticket type. Decision 0015
 * records what the spec leaves open (a membership with no benefits caps nothing; a type without
 * an entry draws on the pool alone; negative or non-numeric counts count as 0).
 */

/** The key of the wildcard pool in a membership's `benefits`. */
export const WILDCARD_POOL = '*';

/** What a member's active memberships allow per session: summed over all of them. */
export interface MemberAllowance {
  /** every active membership has empty benefits `{}`: no cap */
  unlimited: boolean;
  perType: ReadonlyMap<string, number>;
  pool: number;
}

/** Tickets per type id (what is already held or booked, or what is asked for). */
export type TypeCounts = ReadonlyMap<string, number>;

const countOf = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;

/** Sums the `benefits` (`{ [ticket_type_id]: count, "*": pool }`) of active memberships. */
export function allowanceOf(benefitsList: readonly unknown[]): MemberAllowance {
  const perType = new Map<string, number>();
  let pool = 0;
  let anyEntry = false;
  for (const benefits of benefitsList) {
    if (!benefits || typeof benefits !== 'object' || Array.isArray(benefits)) continue;
    for (const [key, value] of Object.entries(benefits)) {
      anyEntry = true;
      if (key === WILDCARD_POOL) pool += countOf(value);
      else perType.set(key, (perType.get(key) ?? 0) + countOf(value));
    }
  }
  return { unlimited: !anyEntry, perType, pool };
}

const benefitOf = (allowance: MemberAllowance, typeId: string) =>
  allowance.perType.get(typeId) ?? 0;

/** Tickets of a type beyond its own benefit: what they draw from the pool. */
const overUse = (allowance: MemberAllowance, typeId: string, n: number) =>
  Math.max(0, n - benefitOf(allowance, typeId));

/** What is left of the pool after the tickets already taken. */
function poolLeft(allowance: MemberAllowance, existing: TypeCounts): number {
  let left = allowance.pool;
  for (const [typeId, n] of existing) left -= overUse(allowance, typeId, n);
  return Math.max(0, left);
}

/**
 * How many more tickets of `typeId` the member may take in this session, given every ticket
 * already taken (`existing`, all types): the type's unused benefit plus what is left of the
 * pool. `Infinity` when nothing is capped. The storefront caps a stepper with this.
 */
export function remainingFor(
  allowance: MemberAllowance,
  existing: TypeCounts,
  typeId: string,
): number {
  if (allowance.unlimited) return Number.POSITIVE_INFINITY;
  const unusedBenefit = Math.max(0, benefitOf(allowance, typeId) - (existing.get(typeId) ?? 0));
  return unusedBenefit + poolLeft(allowance, existing);
}

/** The first requested type the cap refuses: what it could still have had, and what was asked. */
export interface CapRefusal {
  ticketTypeId: string;
  remaining: number;
  requested: number;
}

/**
 * Checks one session: `existing` (already held or booked) plus `requested` per type. A type uses
 * its own benefit first; what goes beyond it draws the pool, type by type in the order asked.
 * Answers the first requested type the pool cannot cover, or null when all fit.
 */
export function firstCapRefusal(
  allowance: MemberAllowance,
  existing: TypeCounts,
  requested: TypeCounts,
): CapRefusal | null {
  if (allowance.unlimited) return null;
  const taken = new Map(existing);
  for (const [typeId, n] of requested) {
    const remaining = remainingFor(allowance, taken, typeId);
    if (n > remaining) return { ticketTypeId: typeId, remaining, requested: n };
    taken.set(typeId, (taken.get(typeId) ?? 0) + n);
  }
  return null;
}
