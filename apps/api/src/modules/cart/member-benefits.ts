import {
  allowanceOf,
  firstCapRefusal,
  type CapRefusal,
} from '@admit/contracts/rules/member-benefits';
import { AppError } from '@/http/app-error';
import { countMemberTickets, selectActiveBenefits } from './member-repo';
import type { PlannedTicket } from './reserve-plan';
import type { Executor } from '@/db/transaction';

/**
 * Member benefits in a reserve (spec: shopping §5 "Member groups or members-only mode: quantity
 * per type is capped by the member benefit for that type plus a wildcard pool; over-use of a
 * type draws down the wildcard pool"). The cap itself is the shared rule of
 * `@admit/contracts/rules/member-benefits` (the storefront's steppers use it too); this file
 * counts the member's tickets and turns a refusal into the spec's error. Decision 0015.
 */

/**
 * A ticket of a members-only group, or of a members-only event (shopping §6) — not a membership
 * level itself: a members-only level (a renewal offer) is not drawn from the benefits it sells.
 */
export const isMemberTicket = (t: PlannedTicket) =>
  t.group.handler !== 'membership' &&
  (t.group.hiddenType === 'public_member_only' || t.event.hiddenType === 'public_member_only');

/** spec: shopping §8 — 422 member_limit_exceeded, context reserve, shown to the user. */
function memberLimitExceeded(sessionId: string | null, refusal: CapRefusal) {
  const { remaining } = refusal;
  return new AppError(
    'member_limit_exceeded',
    'reserve',
    remaining === 0
      ? 'Your membership allows no more tickets of this type'
      : `Your membership allows ${remaining} more tickets of this type`,
    {
      ticket_type_id: refusal.ticketTypeId,
      event_session_id: sessionId,
      remaining,
      requested: refusal.requested,
    },
  );
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
    const refusal = firstCapRefusal(allowance, existing, types);
    if (refusal) throw memberLimitExceeded(sessionId, refusal);
  }
}
