import { and, eq, inArray } from 'drizzle-orm';
import { ticket } from '@/db/schema/cart';
import { ticketGroup } from '@/db/schema/catalog';
import type { Executor } from '@/db/transaction';
import { AppError } from '@/http/app-error';
import type { SellerRef } from '@/http/request-context';
import { localDate } from '@/lib/zoned-time';
import { selectLastTerms, selectLevelsOfTypes } from './repo';
import { renewalAllowedFrom } from './term';

/**
 * The renewal period (identity §2 "Renewal is offered only when allowed (a renewal
 * allowed-period in days before validTo); otherwise expiry reads 'renew from' a date", §9).
 * Buying a level of a program whose current term has not reached its renewal period is refused
 * before any charge: at reserve (for the cart's giftee, else the logged-in caller) and at
 * checkout (for whoever the membership will belong to). Decision 0032.
 */

export function renewalNotOpen(
  typeId: string,
  membershipId: string,
  opens: Date,
  timeZone: string,
) {
  const date = localDate(opens, timeZone);
  return new AppError(
    'validation_failed',
    'membership',
    `This membership can be renewed from ${date}`,
    {
      field: 'ticket_type_id',
      ticket_type_id: typeId,
      membership_id: membershipId,
      renew_from: opens.toISOString(),
      renew_from_date: date,
    },
    422,
  );
}

/** Refuses the first of these level types whose program the holder may not renew yet. */
export async function assertRenewalsOpen(
  db: Executor,
  seller: SellerRef,
  holderId: string,
  levelTypeIds: string[],
  now: Date,
) {
  const levels = await selectLevelsOfTypes(db, seller.id, levelTypeIds);
  if (levels.size === 0) return;
  const programIds = [...new Set([...levels.values()].map((l) => l.program.id))];
  const lastTerms = await selectLastTerms(db, holderId, programIds);
  for (const [typeId, { program }] of levels) {
    const last = lastTerms.get(program.id);
    if (!last || last.validTo <= now) continue;
    const opens = renewalAllowedFrom(last.validTo, program.renewalDays, seller.timezone);
    if (now < opens) throw renewalNotOpen(typeId, last.id, opens, seller.timezone);
  }
}

/** The level types of a cart's membership tickets still in it. */
export async function membershipTypesInCart(db: Executor, cartId: string): Promise<string[]> {
  const rows = await db
    .select({ typeId: ticket.ticketTypeId })
    .from(ticket)
    .innerJoin(ticketGroup, eq(ticketGroup.id, ticket.ticketGroupId))
    .where(
      and(
        eq(ticket.cartId, cartId),
        inArray(ticket.state, ['in_cart', 'held']),
        eq(ticketGroup.handler, 'membership'),
      ),
    );
  return [...new Set(rows.map((r) => r.typeId))];
}
