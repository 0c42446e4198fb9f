import { randomInt } from 'node:crypto';
import type { AutoRenewState } from '@admit/contracts/membership';
import { membership, membershipIdentityLink, type MembershipRow } from '@/db/schema/memberships';
import type { TicketRow } from '@/db/schema/cart';
import type { Executor } from '@/db/transaction';
import type { SellerRef } from '@/http/request-context';
import { selectLastTerms, selectLevelsOfTypes, type Level } from './repo';
import { firstTerm, nextTerm } from './term';

/**
 * Completing an order that holds membership tickets makes one membership term per level bought
 * (identity §3 "Membership"; decision 0032), inside the order's transaction:
 * - the holder is the order's giftee (a gift), else the buyer;
 * - if the holder's last term of the level's program still runs, the new term starts at its end
 *   (a renewal: same member ID, `previous_membership_id`), else at the start of today in the
 *   seller's time zone (a lapsed member keeps their member ID; a new one gets a new ID);
 * - the members (`identity_link`) are the level's tickets: named, e-mailed ones linked to the
 *   seller's person with that e-mail, found or made;
 * - `auto_renew_state` records the payment entry's `auto_renew`: `scheduled` when the holder has
 *   a saved card the auto-renew job can charge, else `requested`; without it `not_enrolled`
 *   (decision 0038);
 * - a term paid by a gift of membership's code records the code (`gift_code_id`).
 * Two orders renewing one term at once cannot both extend it: `previous_membership_id` is
 * unique, the loser's insert does nothing and it chains onto the winner's term instead.
 */

const DIGITS = '0123456789';
/** A member ID: "M" and 9 random digits (random, not a counter: it would leak member counts). */
export function newMemberCode(): string {
  let out = 'M';
  for (let i = 0; i < 9; i++) out += DIGITS[randomInt(i === 0 ? 1 : 0, 10)];
  return out;
}

/** A member's details for `identity_link`; the person is found or made by e-mail. */
export interface MemberPerson {
  email: string;
  firstName: string | null;
  lastName: string | null;
}

export interface IssueInput {
  seller: SellerRef;
  order: { id: string; identityId: string; gifteeIdentityId: string | null };
  /** the order's booked tickets */
  tickets: TicketRow[];
  /** ticket group id → handler */
  handlers: ReadonlyMap<string, string>;
  /** the payment entry's auto_renew, as the cart kept it */
  autoRenew: boolean | null;
  /** the holder has a saved card to renew with (payments module; decision 0038) */
  canAutoRenew: boolean;
  /** the gift of membership code paying for a level, by the level's ticket type id */
  giftCodeIds?: ReadonlyMap<string, string>;
  now: Date;
  /** the seller's person with this e-mail, found or made (users module) */
  personFor: (member: MemberPerson) => Promise<string>;
}

export interface IssuedMembership {
  row: MembershipRow;
  members: number;
}

/** "Ada Lovelace" → first "Ada", last "Lovelace" (admit names are first and last joined). */
function splitName(name: string | null): { firstName: string | null; lastName: string | null } {
  const trimmed = name?.trim();
  if (!trimmed) return { firstName: null, lastName: null };
  const space = trimmed.indexOf(' ');
  if (space < 0) return { firstName: trimmed, lastName: null };
  return { firstName: trimmed.slice(0, space), lastName: trimmed.slice(space + 1).trim() || null };
}

const MAX_ATTEMPTS = 5;

/** Inserts the level's next term for the holder, chained after their last one if any. */
async function insertTerm(
  tx: Executor,
  input: IssueInput,
  holderId: string,
  { role, program }: Level,
  autoRenewState: AutoRenewState,
): Promise<MembershipRow> {
  const { seller, now } = input;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const last = (await selectLastTerms(tx, holderId, [program.id])).get(program.id);
    const renews = last !== undefined && last.validTo > now;
    const term = renews
      ? nextTerm(last.validTo, program.termMonths, seller.timezone)
      : firstTerm(now, program.termMonths, seller.timezone);
    const [row] = await tx
      .insert(membership)
      .values({
        sellerId: seller.id,
        identityId: holderId,
        memberCode: last?.memberCode ?? newMemberCode(),
        role: role.name,
        roleId: role.id,
        membershipProgramId: program.id,
        autoRenewState,
        validFrom: term.validFrom,
        validTo: term.validTo,
        benefits: role.benefits,
        ticketOrderId: input.order.id,
        previousMembershipId: last?.id ?? null,
        giftCodeId: input.giftCodeIds?.get(role.ticketTypeId) ?? null,
        createdAt: now,
      })
      // a concurrent renewal of the same term, or a member ID already taken: read and retry
      .onConflictDoNothing()
      .returning();
    if (row) return row;
  }
  throw new Error('could not insert a membership term');
}

/** Makes the memberships of an order's membership tickets (none: nothing to do). */
export async function issueMemberships(
  tx: Executor,
  input: IssueInput,
): Promise<IssuedMembership[]> {
  const memberTickets = input.tickets.filter(
    (t) => input.handlers.get(t.ticketGroupId) === 'membership',
  );
  if (memberTickets.length === 0) return [];
  const typeIds = [...new Set(memberTickets.map((t) => t.ticketTypeId))];
  const levels = await selectLevelsOfTypes(tx, input.seller.id, typeIds);
  const holderId = input.order.gifteeIdentityId ?? input.order.identityId;
  const autoRenewState: AutoRenewState = !input.autoRenew
    ? 'not_enrolled'
    : input.canAutoRenew
      ? 'scheduled'
      : 'requested';
  const issued: IssuedMembership[] = [];
  for (const typeId of typeIds) {
    const level = levels.get(typeId);
    // the reserve refuses levels without a configuration; one removed since is no membership
    if (!level) continue;
    const row = await insertTerm(tx, input, holderId, level, autoRenewState);
    const tickets = memberTickets.filter((t) => t.ticketTypeId === typeId);
    const links = [];
    for (const [rank, t] of tickets.entries()) {
      const names = splitName(t.admitName);
      const email = t.admitEmail?.trim() || null;
      links.push({
        membershipId: row.id,
        identityId: email ? await input.personFor({ email, ...names }) : null,
        ticketId: t.id,
        partyRole: t.partyRole ?? 'member',
        ...names,
        email,
        rank,
      });
    }
    await tx.insert(membershipIdentityLink).values(links);
    issued.push({ row, members: links.length });
  }
  return issued;
}
