import { z } from 'zod';
import type { SelfEditRules } from '@admit/contracts/self-edit-rules';
import { LOG_OUT_TO_EDIT_MESSAGE } from '@admit/contracts/manage';
import { anonymousEditingRules, type HorizonClock } from '@admit/contracts/rules/self-edit';
import type { Db } from '@/db/connection';
import type { OrderRow } from '@/db/schema/cart';
import type { Executor } from '@/db/transaction';
import { AppError } from '@/http/app-error';
import type { Caller } from '@/http/caller';
import { addDays, localDate, zonedWallTimeToUtc } from '@/lib/zoned-time';
import { isUuid } from '@/http/query-values';
import { orderNotFound, readableOrder } from '@/modules/orders/order-read';
import { readSellerSettings, selfEditRulesOf } from '@/modules/sellers/seller-settings';

/**
 * Who may change an order (identity §6, decision 0036): the holder of the order's secret link,
 * not logged in — a logged-in member is told 'Please log-out to edit your tickets'. Anyone else
 * gets the order read's 404. What they may change is the rules' business (rules/self-edit.ts).
 */

export interface ManagedOrder {
  order: OrderRow;
  /** the seller's rules as they apply to this caller: anonymous editing needs `anon_editing` */
  rules: SelfEditRules;
  secret: string;
}

export const logOutToEdit = () =>
  new AppError('forbidden', 'ticket_order', LOG_OUT_TO_EDIT_MESSAGE, { reason: 'logged_in' });

/** The seller's self-edit rules as an anonymous secret holder gets them (identity §6). */
export async function anonymousRules(db: Executor, sellerId: string): Promise<SelfEditRules> {
  return anonymousEditingRules(selfEditRulesOf(await readSellerSettings(db, sellerId)));
}

/** The order a manage call changes; 404 as the order read, 403 for a logged-in caller. */
export async function managedOrder(
  db: Db,
  caller: Caller,
  orderId: string,
  secret: string | undefined,
): Promise<ManagedOrder> {
  // only the secret proves the right to change: a member's session alone reads, never edits
  const order = await readableOrder(db, caller.seller, caller.identity, orderId, { secret });
  if (!caller.identity.isPublic) throw logOutToEdit();
  if (!secret) throw new AppError('not_found', 'ticket_order', 'We could not find that order.');
  return { order, rules: await anonymousRules(db, caller.seller.id), secret };
}

/**
 * The clock of identity §5's horizon for a session in `timeZone`: now, and the start of today
 * there plus `horizon_days` days.
 */
export function horizonClock(now: Date, timeZone: string, rules: SelfEditRules): HorizonClock {
  const day = addDays(localDate(now, timeZone), rules.horizon_days);
  return { now, horizonDayStart: zonedWallTimeToUtc(day, '00:00', timeZone) };
}

/** The path parameters of every manage route (its route schema). */
const query = z.object({ secret: z.string().max(200).optional() }).passthrough();

/**
 * The order id and secret of a manage call; a malformed id, or a secret no order can have, is
 * the order read's 404 (so the secret stays out of the route's query schema).
 */
export function orderOf(request: { params: { orderId: string }; query: unknown }) {
  const { orderId: id } = request.params;
  const q = query.safeParse(request.query);
  if (!isUuid(id) || !q.success) throw orderNotFound();
  return { orderId: id.toLowerCase(), secret: q.data.secret };
}
