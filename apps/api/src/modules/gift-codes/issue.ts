import type { OrderRow, TicketRow } from '@/db/schema/cart';
import type { Tx } from '@/db/transaction';
import type { SellerRef } from '@/http/request-context';
import { localDate } from '@/lib/zoned-time';
import { giftMembershipMail } from '@/modules/mail/compose';
import { loadMailBrand } from '@/modules/mail/mail-brand';
import { enqueueMail } from '@/modules/mail/outbox';
import { selectLevelsOfTypes } from '@/modules/memberships/repo';
import { addMonths, startOfLocalDay } from '@/modules/memberships/term';
import { findIdentityById } from '@/modules/users/repo';
import { insertGiftCode, insertMembershipGift } from './repo';

/**
 * A gift order of membership levels (identity §2 "Redeem gift of membership", §4 "Gift code";
 * decision 0038) makes no membership: each level it holds becomes a one-use code worth the
 * level's price, valid for GIFT_CODE_VALID_MONTHS, mailed to the giftee with the giver's
 * message — in the order's transaction, so a code exists exactly when its order does. The
 * giftee redeems it for the level they choose (codes/apply.ts).
 */

/** How long a gift code can be redeemed: a year, to the start of the day in the seller's zone. */
export const GIFT_CODE_VALID_MONTHS = 12;

export interface GiftCodesInput {
  seller: SellerRef;
  order: Pick<OrderRow, 'id' | 'identityId' | 'gifteeIdentityId'>;
  /** the order's booked tickets */
  tickets: TicketRow[];
  /** ticket group id → handler */
  handlers: ReadonlyMap<string, string>;
  /** the cart's gift message */
  message: string | null;
  /** storefront origin for the redeem link */
  origin: string;
  now: Date;
}

const fullName = (person: { firstName: string | null; lastName: string | null } | null) =>
  [person?.firstName, person?.lastName].filter(Boolean).join(' ') || null;

/** Issues and mails the order's gift codes; answers the codes made. */
export async function issueGiftCodes(tx: Tx, input: GiftCodesInput) {
  const { seller, order, now } = input;
  if (!order.gifteeIdentityId) return [];
  const levelTickets = input.tickets.filter(
    (t) => input.handlers.get(t.ticketGroupId) === 'membership',
  );
  const typeIds = [...new Set(levelTickets.map((t) => t.ticketTypeId))];
  const levels = await selectLevelsOfTypes(tx, seller.id, typeIds);
  if (levels.size === 0) return [];
  const [giver, giftee] = await Promise.all([
    findIdentityById(tx, order.identityId),
    findIdentityById(tx, order.gifteeIdentityId),
  ]);
  const validTo = startOfLocalDay(
    addMonths(localDate(now, seller.timezone), GIFT_CODE_VALID_MONTHS),
    seller.timezone,
  );
  const brand = await loadMailBrand(tx, seller, input.origin);
  const issued = [];
  for (const typeId of typeIds) {
    const level = levels.get(typeId);
    if (!level) continue;
    const tickets = levelTickets.filter((t) => t.ticketTypeId === typeId);
    // the level is priced once, on its first member ticket (decision 0032): its price is the sum
    const amount = tickets.reduce((sum, t) => sum + t.faceValue, 0);
    const row = await insertGiftCode(tx, {
      sellerId: seller.id,
      name: `Gift of ${level.role.name} membership`,
      amount,
      ticketGroupId: tickets[0]!.ticketGroupId,
      validFrom: now,
      validTo,
    });
    await insertMembershipGift(tx, {
      sellerId: seller.id,
      codeId: row.id,
      ticketOrderId: order.id,
      roleId: level.role.id,
      giverIdentityId: order.identityId,
      gifteeIdentityId: order.gifteeIdentityId,
      message: input.message,
      createdAt: now,
    });
    if (giftee?.email) {
      const redeemLink = `${input.origin}/membership/redeem?gift_code=${row.code}`;
      const content = await giftMembershipMail({
        brand,
        giverName: fullName(giver),
        gifteeFirstName: giftee.firstName,
        level: level.role.name,
        code: row.code,
        message: input.message,
        validTo,
        redeemLink,
      });
      await enqueueMail(tx, {
        sellerId: seller.id,
        kind: 'gift_membership',
        to: giftee.email,
        ...content,
      });
    }
    issued.push({ code: row.code, level: level.role.name, validTo });
  }
  return issued;
}
