import {
  CANCEL_ORDER_MESSAGES,
  orderEditBodySchema,
  type OrderEditBody,
} from '@admit/contracts/manage';
import type { Db } from '@/db/connection';
import type { CartRow } from '@/db/schema/cart';
import { withRetryingTransaction, type Tx } from '@/db/transaction';
import { AppError, validationFailed } from '@/http/app-error';
import type { Caller } from '@/http/caller';
import { releaseHeldCapacity } from '@/modules/cart/holds';
import { deleteTickets, lockPendingCart, selectCart } from '@/modules/cart/repo';
import { holdTickets } from '@/modules/cart/reserve';
import { selectCartTicketDetails, selectOrderTicketDetails } from '@/modules/orders/order-tickets';
import { lockOrderRow } from '@/modules/orders/repo';
import { selectPaymentByKey } from '@/modules/payments/repo';
import type { ManagedOrder } from './access';
import { cancelAddOnsInEdit } from './add-on-trim';
import { undoEditChanges } from './edit-undo';
import {
  closeEditCart,
  hasEditPayments,
  insertEditCart,
  insertEditChanges,
  selectEditChanges,
  selectLatestEdit,
  selectOpenEdit,
  writeEditCredit,
} from './edit-repo';
import { editCredit } from './edit-credit';
import { checkTickets, planReschedule } from './edit-plan';
import { editView } from './edit-view';

/**
 * The order edit (identity §4 "Manage order", "Reschedule"; decision 0036): a temporary cart
 * of its own expiry holding the new tickets (the same conditional hold as any reserve, so never
 * oversold) and the list of order tickets it takes away, worth a credit. Nothing of the order
 * changes until the edit is committed by the checkout (orders/edit-commit.ts): discarding it
 * or letting it expire gives back only the new holds.
 */

export interface EditDeps {
  db: Db;
  now: () => Date;
  /** the seller's cart hold (the edit's own expiry) */
  holdMs: (sellerId: string) => Promise<number>;
}

const noEdit = () => new AppError('not_found', 'order_edit', 'There are no changes to confirm');
// spec: identity §8 "Manage: expected errors" — cart_expired gives the restart message
const editExpired = (cartId: string) =>
  new AppError('cart_expired', 'order_edit', 'The cart has expired', { cart_id: cartId });
const editPaid = () =>
  new AppError('conflict', 'order_edit', 'These changes are being paid for', null, 409);

/** Self-editing must be open to the caller (identity §6), else 'Please contact us…'. */
export function assertEditable(managed: ManagedOrder) {
  if (!managed.rules.enabled) {
    throw new AppError('forbidden', 'ticket_order', CANCEL_ORDER_MESSAGES.contactToReschedule);
  }
}

export function parseEditBody(body: unknown): OrderEditBody {
  const parsed = orderEditBodySchema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.path.map(String).join('.') || 'body';
  throw validationFailed('order_edit', field, issue?.message ?? 'invalid');
}

export function createEditService(deps: EditDeps) {
  const { db } = deps;

  /** The open edit cart of the order, made now if there is none (under the order's lock). */
  async function openInTx(
    tx: Tx,
    managed: ManagedOrder,
    caller: Caller,
    at: Date,
    holdUntil: Date,
    /** the edit the change was made for: gone meanwhile, the change is refused (410) */
    expected: string | undefined,
  ) {
    await lockOrderRow(tx, managed.order.id);
    const open = await selectOpenEdit(tx, managed.order.id, at);
    if (expected && open?.cart.id !== expected) throw editExpired(expected);
    if (open) return open.cart;
    return insertEditCart(tx, {
      order: managed.order,
      channel: 'manage',
      accessSecret: managed.secret,
      expiresAt: holdUntil,
      at,
    });
  }

  /**
   * POST ticket_order/{id}/edit: opens (or continues) the edit and applies the body in one
   * transaction; the hold runs for the seller's hold time from this change.
   */
  async function change(managed: ManagedOrder, caller: Caller, body: OrderEditBody) {
    assertEditable(managed);
    const at = deps.now();
    const details = await selectOrderTicketDetails(db, [managed.order.id]);
    const cancelled = checkTickets(managed, details, body.cancel ?? [], 'cancel', caller, at);
    const { moved, planned } = await planReschedule(db, managed, body, caller, at, details);
    const holdUntil = new Date(at.getTime() + (await deps.holdMs(caller.seller.id)));
    const cart = await withRetryingTransaction(db, async (tx) => {
      const opened = await openInTx(tx, managed, caller, at, holdUntil, body.cart_id);
      const locked = await lockPendingCart(tx, opened.id, at, holdUntil);
      if (!locked) throw noEdit();
      if (await hasEditPayments(tx, locked.id)) throw editPaid();
      const existing = await selectEditChanges(tx, locked.id);
      const touched = new Set([
        ...(body.restore ?? []),
        ...cancelled.map((d) => d.ticket.id),
        ...moved.map(({ d }) => d.ticket.id),
      ]);
      // a ticket changed again, or restored, first gives its replacement's place back
      await undoEditChanges(
        tx,
        locked.id,
        existing.filter((e) => touched.has(e.ticketId)),
      );
      const held = planned.length > 0 ? await holdTickets(tx, locked.id, planned) : null;
      await insertEditChanges(tx, [
        ...cancelled.map((d) => ({
          cartId: locked.id,
          ticketId: d.ticket.id,
          replacementTicketId: null,
        })),
        ...moved.map(({ d }, i) => ({
          cartId: locked.id,
          ticketId: d.ticket.id,
          replacementTicketId: held!.tickets[i]!.id,
        })),
      ]);
      await cancelAddOnsInEdit(
        tx,
        { cartId: locked.id, sellerId: caller.seller.id },
        details,
        (ids) => checkTickets(managed, details, ids, 'cancel', caller, at),
      );
      const now = await selectEditChanges(tx, locked.id);
      const credit = await editCredit(tx, managed.order, details, now);
      await writeEditCredit(tx, {
        sellerId: caller.seller.id,
        cartId: locked.id,
        orderId: managed.order.id,
        amount: credit,
        currency: managed.order.currency,
        now: at,
      });
      return locked;
    });
    return editView(db, deps.now(), managed, caller, cart);
  }

  /** The open edit, or 404. */
  async function current(managed: ManagedOrder) {
    const open = await openCart(managed);
    if (!open) throw noEdit();
    return open;
  }

  /** The open edit's cart, or null when the order has none. */
  async function openCart(managed: ManagedOrder) {
    const open = await selectOpenEdit(db, managed.order.id, deps.now());
    return open?.cart ?? null;
  }

  /** DELETE ticket_order/{id}/edit: Cancel — the new holds go back, the order is as it was. */
  async function discard(managed: ManagedOrder) {
    const at = deps.now();
    const open = await selectOpenEdit(db, managed.order.id, at);
    if (!open) return;
    await withRetryingTransaction(db, async (tx) => {
      const locked = await lockPendingCart(tx, open.cart.id, at, null);
      if (!locked) return;
      if (await hasEditPayments(tx, locked.id)) throw editPaid();
      await releaseHeldCapacity(tx, locked.id);
      const held = (await selectCartTicketDetails(tx, locked.id)).map((d) => d.ticket.id);
      if (held.length > 0) await deleteTickets(tx, locked.id, held);
      await closeEditCart(tx, locked.id, at);
    });
  }

  /** The order's latest edit in any state (404 when it never had one). */
  async function latest(managed: ManagedOrder) {
    const row = await selectLatestEdit(db, managed.order.id);
    if (!row) throw noEdit();
    return row.cart;
  }

  /**
   * Before any charge: the edit is still open (a retry whose first attempt committed it finds
   * the order through the checkout's key) and its taken-away tickets are still allowed.
   */
  async function recheck(managed: ManagedOrder, caller: Caller, cart: CartRow, key: string) {
    const at = deps.now();
    const fresh = await selectCart(db, cart.id);
    if (!fresh || fresh.state !== 'pending' || fresh.expiresAt <= at) {
      if (fresh?.state === 'completed' || (await selectPaymentByKey(db, cart.id, key))) return;
      throw editExpired(cart.id);
    }
    const changes = await selectEditChanges(db, cart.id);
    if (changes.length === 0) throw noEdit();
    const details = await selectOrderTicketDetails(db, [managed.order.id]);
    const ids = (kind: boolean) =>
      changes.filter((e) => !!e.replacementTicketId === kind).map((e) => e.ticketId);
    checkTickets(managed, details, ids(false), 'cancel', caller, at);
    checkTickets(managed, details, ids(true), 'reschedule', caller, at);
  }

  const view = (managed: ManagedOrder, caller: Caller, cart: CartRow) =>
    editView(db, deps.now(), managed, caller, cart);

  return { change, current, openCart, latest, view, discard, recheck };
}

export type EditService = ReturnType<typeof createEditService>;
