import type { CartRow, OrderRow, TicketRow } from '@/db/schema/cart';
import type { Tx } from '@/db/transaction';
import type { SellerRef } from '@/http/request-context';
import { localDate } from '@/lib/zoned-time';
import { issueMemberships } from '@/modules/memberships/issue';
import { findOrCreateUser } from '@/modules/users/repo';
import type { ConfirmationMembership } from './confirmation-mail';

/**
 * The order's memberships (memberships/issue.ts), its members found or made as the seller's
 * people by e-mail (users/repo.ts), and what the confirmation says of each: the member ID, the
 * level and the last day of the term in the seller's time zone.
 */
export async function issueOrderMemberships(
  tx: Tx,
  input: { seller: SellerRef; identityId: string; cart: CartRow; now: Date },
  order: OrderRow,
  booked: TicketRow[],
  handlers: ReadonlyMap<string, string>,
): Promise<ConfirmationMembership[]> {
  const { seller } = input;
  const issued = await issueMemberships(tx, {
    seller,
    order: { id: order.id, identityId: input.identityId, gifteeIdentityId: order.gifteeIdentityId },
    tickets: booked,
    handlers,
    autoRenew: input.cart.autoRenew,
    now: input.now,
    personFor: async (member) =>
      (
        await findOrCreateUser(tx, {
          sellerId: seller.id,
          email: member.email,
          firstName: member.firstName,
          lastName: member.lastName,
          passwordHash: null,
        })
      ).id,
  });
  return issued.map(({ row }) => ({
    memberCode: row.memberCode,
    level: row.role,
    // valid_to is the first instant after the term: its last day is the day before
    lastDay: localDate(new Date(row.validTo.getTime() - 1), seller.timezone),
  }));
}
