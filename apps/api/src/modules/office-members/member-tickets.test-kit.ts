import type { Db } from '@/db/connection';
import { cart, ticket } from '@/db/schema/cart';
import {
  makeTicketGroup,
  makeTicketType,
  type EventRow,
  type TicketGroupRow,
  type TicketTypeRow,
} from '@/testing/factories';
import type { IdentityRow } from '@/testing/identity-factories';

/**
 * A member's tickets written straight to the tables, reserved at a chosen time (the reserve
 * writes `created_at` from the app's clock), so office-members.test.ts can place them inside
 * and outside a term; the cart's own flow and its cap are tested in the cart module.
 */

export type SoldType = TicketTypeRow & { eventTemplateId: string };

/** A new type of `group` (of `event`), with the event's id for the tickets. */
export async function typeIn(db: Db, event: EventRow, group: TicketGroupRow): Promise<SoldType> {
  return { ...(await makeTicketType(db, group)), eventTemplateId: event.id };
}

/** A type of a new group (`hiddenType`, `handler`) of `event`. */
export async function typeOf(
  db: Db,
  event: EventRow,
  group: { hiddenType?: string; handler?: string } = {},
): Promise<SoldType> {
  return typeIn(db, event, await makeTicketGroup(db, event, group));
}

/** `n` tickets of `type` in `state`, in a cart of `holder`'s, reserved at `at`. */
export async function sellTo(
  db: Db,
  holder: IdentityRow,
  type: SoldType,
  at: Date,
  state: string,
  n = 1,
) {
  const [c] = await db
    .insert(cart)
    .values({
      sellerId: holder.sellerId,
      identityId: holder.id,
      cartNumber: `B-${Math.floor(Math.random() * 1e9)}`,
      state: state === 'in_cart' ? 'pending' : 'completed',
      expiresAt: new Date(at.getTime() + 15 * 60_000),
      createdAt: at,
    })
    .returning();
  const line = {
    cartId: c!.id,
    ticketTypeId: type.id,
    ticketGroupId: type.ticketGroupId,
    eventTemplateId: type.eventTemplateId,
    state,
    faceValue: type.amount,
    adjustedValue: type.amount,
    createdAt: at,
  };
  await db.insert(ticket).values(Array.from({ length: n }, () => line));
}
