import { asc, desc, eq } from 'drizzle-orm';
import type { Db } from '@/db/connection';
import { ticketOrder } from '@/db/schema/cart';
import { membership } from '@/db/schema/memberships';

/** The identity's orders, newest first. */
export async function ordersOf(db: Pick<Db, 'select'>, identityId: string) {
  return db
    .select()
    .from(ticketOrder)
    .where(eq(ticketOrder.identityId, identityId))
    .orderBy(desc(ticketOrder.createdAt), asc(ticketOrder.orderNumber))
    .limit(100);
}

/** The identity's memberships (member ID, level, end), latest ending first. */
export async function membershipsOf(db: Pick<Db, 'select'>, identityId: string) {
  return db
    .select({
      memberCode: membership.memberCode,
      role: membership.role,
      validTo: membership.validTo,
    })
    .from(membership)
    .where(eq(membership.identityId, identityId))
    .orderBy(desc(membership.validTo))
    .limit(50);
}
