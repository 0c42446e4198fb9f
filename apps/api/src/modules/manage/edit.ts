import type { CartModifyBody } from '@admit/contracts/cart';
import { toCollection } from '@admit/contracts/envelope';
import {
  CANCEL_ORDER_MESSAGES,
  orderEditBodySchema,
  type OrderEditBody,
  type OrderEditResponse,
} from '@admit/contracts/manage';
import { minorToDecimal } from '@admit/contracts/money';
import { cancelRefusal, isEditableKind, selfEditRefusal } from '@admit/contracts/rules/self-edit';
import type { Db } from '@/db/connection';
import type { CartRow } from '@/db/schema/cart';
import { withRetryingTransaction, type Tx } from '@/db/transaction';
import { AppError, validationFailed } from '@/http/app-error';
import type { Caller } from '@/http/caller';
import { buildCartBundle } from '@/modules/cart/bundle';
import { releaseHeldCapacity } from '@/modules/cart/holds';
import { deleteTickets, insertCart, lockPendingCart, selectCart } from '@/modules/cart/repo';
import { selectPaymentByKey } from '@/modules/payments/repo';
import { holdTickets } from '@/modules/cart/reserve';
import { planTickets } from '@/modules/cart/reserve-plan';
import {
  factsOf,
  selectCartTicketDetails,
  selectOrderTicketDetails,
  ticketCharge,
  type OrderTicketDetail,
} from '@/modules/orders/order-tickets';
import { lockOrderRow } from '@/modules/orders/repo';
import { horizonClock, type ManagedOrder } from './access';
import {
  closeEditCart,
  deleteEditChanges,
  hasEditPayments,
  insertEditChanges,
  insertOrderEdit,
  secondsLeft,
  selectEditChanges,
  selectLatestEdit,
  selectOpenEdit,
  writeEditCredit,
} from './edit-repo';
import { refusalError, ticketNotFound } from './refusals';

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
  ) {
    await lockOrderRow(tx, managed.order.id);
    const open = await selectOpenEdit(tx, managed.order.id, at);
    if (open) return open.cart;
    const cart = await insertCart(tx, {
      sellerId: caller.seller.id,
      // the order's buyer: no cart route reaches it, only the order's secret link does
      identityId: managed.order.identityId,
      channel: 'manage',
      expiresAt: holdUntil,
      createdAt: at,
      updatedAt: at,
    });
    await insertOrderEdit(tx, {
      cartId: cart.id,
      ticketOrderId: managed.order.id,
      accessSecret: managed.secret,
      createdAt: at,
    });
    return cart;
  }

  /** Checks each named order ticket against the rules of what is asked of it. */
  function checkTickets(
    managed: ManagedOrder,
    details: OrderTicketDetail[],
    ids: string[],
    action: 'cancel' | 'reschedule',
    caller: Caller,
    at: Date,
  ) {
    return ids.map((id) => {
      const detail = details.find((d) => d.ticket.id === id);
      if (!detail) throw ticketNotFound(id);
      const clock = horizonClock(at, detail.timeZone || caller.seller.timezone, managed.rules);
      const facts = factsOf(detail);
      const refusal =
        action === 'cancel'
          ? cancelRefusal(facts, managed.rules, clock)
          : selfEditRefusal(facts, managed.rules, clock);
      if (refusal) throw refusalError(refusal, id, action);
      return detail;
    });
  }

  /** The reserve plan of the rescheduled tickets: same people, the new session (and type). */
  async function planReschedule(
    managed: ManagedOrder,
    body: OrderEditBody,
    caller: Caller,
    at: Date,
    details: OrderTicketDetail[],
  ) {
    const lines = body.reschedule ?? [];
    const moved = lines.flatMap((line) =>
      checkTickets(managed, details, line.ticket_ids, 'reschedule', caller, at).map((d) => ({
        d,
        line,
      })),
    );
    if (moved.length === 0) return { moved, planned: [] };
    const modify: CartModifyBody = {
      reserve: {
        tickets: moved.map(({ d, line }) => ({
          ticket_type_id: line.ticket_type_id ?? d.ticket.ticketTypeId,
          event_session_id: line.event_session_id,
          admit_name: d.ticket.admitName ?? undefined,
          admit_email: d.ticket.admitEmail ?? undefined,
          additional_info: (d.ticket.additionalInfo as Record<string, unknown> | null) ?? undefined,
        })),
      },
    };
    const { planned } = await planTickets(db, caller.seller.id, caller.identity, modify, at);
    planned.forEach((p, i) => {
      const { d } = moved[i]!;
      // spec: identity §4 "Reschedule" — another date of the same event, an editable kind
      if (
        p.event.id !== d.ticket.eventTemplateId ||
        !isEditableKind({ handler: p.group.handler, category: p.event.category }, managed.rules)
      ) {
        throw validationFailed(
          'order_edit',
          'reschedule',
          'a ticket moves to another session of its own event',
        );
      }
    });
    return { moved, planned };
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
    const { moved, planned } = await planReschedule(managed, body, caller, at, details);
    const holdUntil = new Date(at.getTime() + (await deps.holdMs(caller.seller.id)));
    const cart = await withRetryingTransaction(db, async (tx) => {
      const opened = await openInTx(tx, managed, caller, at, holdUntil);
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
      const undone = existing.filter((e) => touched.has(e.ticketId));
      const replacements = undone.flatMap((e) =>
        e.replacementTicketId ? [e.replacementTicketId] : [],
      );
      if (replacements.length > 0) {
        await releaseHeldCapacity(tx, locked.id, replacements);
        await deleteTickets(tx, locked.id, replacements);
      }
      await deleteEditChanges(
        tx,
        locked.id,
        undone.map((e) => e.ticketId),
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
      const now = await selectEditChanges(tx, locked.id);
      const credit = details
        .filter((d) => now.some((e) => e.ticketId === d.ticket.id))
        .reduce((n, d) => n + ticketCharge(d).total, 0);
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
    return view(managed, caller, cart);
  }

  /** The open edit, or 404. */
  async function current(managed: ManagedOrder) {
    const open = await selectOpenEdit(db, managed.order.id, deps.now());
    if (!open) throw noEdit();
    return open.cart;
  }

  /** The edit cart's bundle with the edit (identity §4: what changes, what it costs). */
  async function view(
    managed: ManagedOrder,
    caller: Caller,
    cart: CartRow,
  ): Promise<OrderEditResponse> {
    const at = deps.now();
    const [bundle, changes, held, details] = await Promise.all([
      buildCartBundle(db, cart, {
        now: at,
        seller: caller.seller,
        publicIdentityId: caller.publicIdentityId,
      }),
      selectEditChanges(db, cart.id),
      selectCartTicketDetails(db, cart.id),
      selectOrderTicketDetails(db, [managed.order.id]),
    ]);
    const credit = details
      .filter((d) => changes.some((e) => e.ticketId === d.ticket.id))
      .reduce((n, d) => n + ticketCharge(d).total, 0);
    const added = held
      .filter((d) => d.ticket.state === 'in_cart')
      .reduce((n, d) => n + ticketCharge(d).total, 0);
    const rescheduled = changes.filter((e) => e.replacementTicketId);
    return {
      ...bundle,
      order_edit: toCollection([
        {
          cart_id: cart.id,
          ticket_order_id: managed.order.id,
          expires_at: cart.expiresAt.toISOString(),
          expires_in: secondsLeft(cart.expiresAt, at),
          cancelled_ticket_ids: changes
            .filter((e) => !e.replacementTicketId)
            .map((e) => e.ticketId),
          rescheduled: rescheduled.map((e) => ({
            ticket_id: e.ticketId,
            replacement_ticket_id: e.replacementTicketId!,
          })),
          credit: minorToDecimal(credit),
          added: minorToDecimal(added),
          difference: minorToDecimal(added - credit),
          currency_code: managed.order.currency,
          // spec: identity §4 — the reschedule text when any ticket is in_cart
          kind: rescheduled.length > 0 ? 'reschedule' : changes.length > 0 ? 'cancel' : 'none',
        },
      ]),
    };
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
      throw noEdit();
    }
    const changes = await selectEditChanges(db, cart.id);
    if (changes.length === 0) throw noEdit();
    const details = await selectOrderTicketDetails(db, [managed.order.id]);
    const ids = (kind: boolean) =>
      changes.filter((e) => !!e.replacementTicketId === kind).map((e) => e.ticketId);
    checkTickets(managed, details, ids(false), 'cancel', caller, at);
    checkTickets(managed, details, ids(true), 'reschedule', caller, at);
  }

  return { change, current, latest, view, discard, recheck };
}

export type EditService = ReturnType<typeof createEditService>;
