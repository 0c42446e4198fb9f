import type { CartRow, OrderRow, TicketRow } from '@/db/schema/cart';
import type { Tx } from '@/db/transaction';
import type { SellerRef } from '@/http/request-context';
import { selectCartCodes } from '@/modules/codes/repo';
import { issueGiftCodes } from '@/modules/gift-codes/issue';
import { issueMemberships } from '@/modules/memberships/issue';
import { newestSavedMethod } from '@/modules/payments/saved-methods';
import { resourceCovers } from '@admit/contracts/rules/discounts';
import { findOrCreateUser } from '@/modules/users/repo';
import type { ConfirmationMembership } from './confirmation-mail';

/**
 * The order's memberships (memberships/issue.ts), its members found or made as the seller's
 * people by e-mail (users/repo.ts), and what the confirmation says of each: the member ID, the
 * level and the last day of the term in the seller's time zone. A gift order makes gift codes
 * for its giftee instead (gift-codes/issue.ts, decision 0038).
 */
export async function issueOrderMemberships(
  tx: Tx,
  input: { seller: SellerRef; identityId: string; cart: CartRow; now: Date; origin: string },
  order: OrderRow,
  booked: TicketRow[],
  handlers: ReadonlyMap<string, string>,
): Promise<ConfirmationMembership[]> {
  const { seller } = input;
  if (order.gifteeIdentityId) {
    await issueGiftCodes(tx, {
      seller,
      order,
      tickets: booked,
      handlers,
      message: input.cart.giftMessage,
      origin: input.origin,
      now: input.now,
    });
    return [];
  }
  if (!booked.some((t) => handlers.get(t.ticketGroupId) === 'membership')) return [];
  const issued = await issueMemberships(tx, {
    seller,
    order: { id: order.id, identityId: input.identityId, gifteeIdentityId: null },
    tickets: booked,
    handlers,
    autoRenew: input.cart.autoRenew,
    // decision 0038: scheduled only when a saved card can pay the renewal
    canAutoRenew:
      input.cart.autoRenew === true && (await newestSavedMethod(tx, input.identityId)) !== null,
    giftCodeIds: await giftCodesOf(tx, input.cart.id, booked),
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
    // the mail writes its last day with the one home the account page reads too, in the
    // seller's locale (an ISO instant: the outbox keeps the mail's input as JSON)
    validTo: row.validTo.toISOString(),
  }));
}

/** The gift of membership code that paid for each level type (its term records it). */
async function giftCodesOf(tx: Tx, cartId: string, booked: TicketRow[]) {
  const gifts = (await selectCartCodes(tx, cartId)).filter(
    (c) => c.code.kind === 'gift_of_membership',
  );
  const byType = new Map<string, string>();
  for (const { code } of gifts) {
    const ticket = booked.find((t) => resourceCovers(code, t));
    if (ticket && !byType.has(ticket.ticketTypeId)) byType.set(ticket.ticketTypeId, code.id);
  }
  return byType;
}
