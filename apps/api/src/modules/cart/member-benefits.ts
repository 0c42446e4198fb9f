import { AppError } from '@/http/app-error';
import { countMemberTickets, selectActiveBenefits } from './member-repo';
import type { PlannedTicket } from './reserve-plan';
import type { Executor } from '@/db/transaction';

/**
 * Member benefits in a reserve (spec: shopping §5 "Member groups or members-only mode: quantity
 * per type is capped by the member benefit for that type plus a wildcard pool; over-use of a
 * type draws down the wildcard pool"; identity §3 "Membership" benefits: a count per member
 * ticket type). Decision 0015 records what the spec leaves open.
 */

export const WILDCARD_POOL = '*';

/** What the member's active memberships allow per session: summed over all of them. */
export interface MemberAllowance {
  /** every active membership has empty benefits `{}`: no cap (decision 0015) */
  unlimited: boolean;
  perType: Map<string, number>;
  pool: number;
}

const countOf = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;

/** Sums the `benefits` jsonb (`{ [ticket_type_id]: count, "*": pool }`) of active memberships. */
export function allowanceOf(benefitsList: unknown[]): MemberAllowance {
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

/** A ticket of a members-only group, or of a members-only event (shopping §6). */
export const isMemberTicket = (t: PlannedTicket) =>
  t.group.hiddenType === 'public_member_only' || t.event.hiddenType === 'public_member_only';

/**
 * Checks one session's member tickets: `existing` (already held or booked) plus `requested`
 * per type. A type uses its own benefit first; what goes beyond it draws the pool, type by type
 * in the order asked. Throws `member_limit_exceeded` for the first requested type the pool
 * cannot cover; `_extra.remaining` is what that type could still have had when its turn came.
 */
export function checkSessionAllowance(
  allowance: MemberAllowance,
  sessionId: string | null,
  existing: Map<string, number>,
  requested: Map<string, number>,
) {
  if (allowance.unlimited) return;
  const benefitOf = (typeId: string) => allowance.perType.get(typeId) ?? 0;
  const overUse = (typeId: string, n: number) => Math.max(0, n - benefitOf(typeId));
  let poolLeft = allowance.pool;
  for (const [typeId, n] of existing) poolLeft -= overUse(typeId, n);
  poolLeft = Math.max(0, poolLeft);
  for (const [typeId, n] of requested) {
    const before = existing.get(typeId) ?? 0;
    const draw = overUse(typeId, before + n) - overUse(typeId, before);
    if (draw <= poolLeft) {
      poolLeft -= draw;
      continue;
    }
    const remaining = Math.max(0, benefitOf(typeId) - before) + poolLeft;
    throw new AppError(
      'member_limit_exceeded',
      'reserve',
      remaining === 0
        ? 'Your membership allows no more tickets of this type'
        : `Your membership allows ${remaining} more tickets of this type`,
      { ticket_type_id: typeId, event_session_id: sessionId, remaining, requested: n },
    );
  }
}

const sessionKey = (id: string | null) => id ?? '';

/**
 * Caps the member tickets of a reserve by the caller's benefits, counting their tickets of the
 * same sessions already in live carts or booked (run inside the reserve's transaction, after
 * the identity row is locked and after this modify's removals).
 */
export async function checkMemberBenefits(
  tx: Executor,
  who: { identityId: string; cartId: string },
  planned: PlannedTicket[],
  now: Date,
) {
  const memberTickets = planned.filter(isMemberTicket);
  if (memberTickets.length === 0) return;
  const allowance = allowanceOf(await selectActiveBenefits(tx, who.identityId, now));
  if (allowance.unlimited) return;
  const requested = new Map<string, { sessionId: string | null; types: Map<string, number> }>();
  for (const t of memberTickets) {
    const sessionId = t.session?.id ?? null;
    const entry = requested.get(sessionKey(sessionId)) ?? { sessionId, types: new Map() };
    entry.types.set(t.type.id, (entry.types.get(t.type.id) ?? 0) + 1);
    requested.set(sessionKey(sessionId), entry);
  }
  const sessionIds = [...requested.values()].map((r) => r.sessionId);
  const rows = await countMemberTickets(tx, who, sessionIds, now);
  for (const { sessionId, types } of requested.values()) {
    const existing = new Map<string, number>();
    for (const row of rows) {
      if (sessionKey(row.eventSessionId) !== sessionKey(sessionId)) continue;
      existing.set(row.ticketTypeId, (existing.get(row.ticketTypeId) ?? 0) + Number(row.n));
    }
    checkSessionAllowance(allowance, sessionId, existing, types);
  }
}
