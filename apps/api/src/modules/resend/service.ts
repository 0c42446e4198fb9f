import type { Db } from '@/db/connection';
import type { Executor } from '@/db/transaction';
import { AppError } from '@/http/app-error';
import type { SellerRef } from '@/http/request-context';
import { enqueueMail } from '@/modules/mail/outbox';
import type { AppConfig } from '@/config';
import { membershipResendMail, orderResendMail } from '@/modules/mail/compose';
import { loadMailBrand } from '@/modules/mail/mail-brand';
import { storefrontRootOf } from '@/modules/sellers/seller-site';
import {
  findIdentityById,
  findUserByEmail,
  needsEmail,
  type IdentityRow,
} from '@/modules/users/repo';
import { ACCOUNT_TICKET_STATES } from '@admit/contracts/rules/self-edit';
import type { OrderRow } from '@/db/schema/cart';
import { anonymousEditing, orderMail } from '@/modules/orders/order-mail';
import { reissueOrderSecret } from '@/modules/orders/order-link';
import { selectOrderTicketDetails } from '@/modules/orders/order-tickets';
import { membershipsOf, ordersOf } from './repo';

/** The newest orders whose tickets a resend mails again, one confirmation each. */
const RESEND_ORDER_LIMIT = 10;

/** spec: identity §8 "Resend" — the 404 text. */
export const NO_ORDERS_MESSAGE = 'No orders could be found for this email address.';

export interface ResendDeps {
  db: Db;
  /** PUBLIC_URL and PORT: the origin of the mails' links and logo (seller-site.ts) */
  config: Pick<AppConfig, 'PUBLIC_URL' | 'PORT'>;
}

/** The resend calls, built once (resend-plugin.ts). */
export type ResendService = ReturnType<typeof createResendService>;

/**
 * One order mailed again as its confirmation to `to`, when it has live tickets: its tickets with
 * their QR codes, a secret issued again for its links (the first link still works), the manage
 * link when the seller lets buyers edit. Answers whether a mail was queued. The visitor's resend
 * and the box office's (decision 0087, inside its audited transaction) both send through it.
 */
export async function mailOrderConfirmation(
  ex: Executor,
  input: { seller: SellerRef; to: string; order: OrderRow; origin: string; manageable: boolean },
): Promise<boolean> {
  const { order } = input;
  const details = await selectOrderTicketDetails(ex, [order.id]);
  const live = details.some((d) =>
    (ACCOUNT_TICKET_STATES as readonly string[]).includes(d.ticket.state),
  );
  if (!live) return false;
  const secret = await reissueOrderSecret(ex, order.id);
  const mail = await orderMail(ex, {
    order: { ...order, email: input.to },
    seller: input.seller,
    origin: input.origin,
    secret,
    manageable: input.manageable,
    details,
    change: null,
  });
  if (!mail) return false;
  await enqueueMail(ex, { ...mail, kind: 'order_resend' });
  return true;
}

/** Resend orders or member IDs by e-mail (identity §2 "Resend", §7 ticket_order/resend). */
export function createResendService({ db, config }: ResendDeps) {
  const brandOf = async (seller: SellerRef) =>
    loadMailBrand(db, seller, await storefrontRootOf(db, seller, config));

  /**
   * Queues the member-ID mail if the person has memberships; returns whether one was queued.
   * `ex` and `root`: the office's resend runs it in its own transaction (its audit record and
   * the mail commit together) with the storefront's origin read before it.
   */
  async function resendMemberships(
    seller: SellerRef,
    person: IdentityRow | null,
    ex: Executor = db,
    root?: string,
  ) {
    if (!person?.email || needsEmail(person.email)) return false;
    const rows = await membershipsOf(ex, person.id);
    if (rows.length === 0) return false;
    // one line per member ID: its renewals share it, the latest ending term speaks for it
    const latest = rows.filter(
      (m, i) => rows.findIndex((o) => o.memberCode === m.memberCode) === i,
    );
    const content = await membershipResendMail({
      brand: await loadMailBrand(ex, seller, root ?? (await storefrontRootOf(db, seller, config))),
      memberships: latest.map((m) => ({
        memberCode: m.memberCode,
        level: m.role,
        // the template names the term's last day (contracts rules/membership-dates.ts)
        validTo: m.validTo,
      })),
    });
    await enqueueMail(ex, {
      sellerId: seller.id,
      kind: 'membership_resend',
      to: person.email,
      ...content,
    });
    return true;
  }

  /**
   * Each order with live tickets mailed again as its confirmation (issue #25: the page says the
   * tickets were sent): the tickets with their QR codes and a link to the tickets page that
   * opens logged out — a secret issued again (orders/order-link.ts), the first link still
   * working — and the manage link when the seller lets buyers edit. Answers how many it queued.
   */
  async function resendConfirmations(seller: SellerRef, to: string, orders: OrderRow[]) {
    const origin = await storefrontRootOf(db, seller, config);
    const manageable = await anonymousEditing(db, seller.id);
    let queued = 0;
    for (const order of orders.slice(0, RESEND_ORDER_LIMIT)) {
      if (await mailOrderConfirmation(db, { seller, to, order, origin, manageable })) queued += 1;
    }
    return queued;
  }

  /**
   * Queues the orders' confirmations again, or — when none has a live ticket — the list of the
   * orders; 404 `not_found` when there is nothing to send.
   */
  async function resendOrders(seller: SellerRef, person: IdentityRow | null) {
    const orders = person?.email && !needsEmail(person.email) ? await ordersOf(db, person.id) : [];
    if (!person?.email || orders.length === 0) {
      throw new AppError('not_found', 'ticket_order', NO_ORDERS_MESSAGE);
    }
    if ((await resendConfirmations(seller, person.email, orders)) > 0) return true;
    const content = await orderResendMail({
      brand: await brandOf(seller),
      orders: orders.map((o) => ({ orderNumber: o.orderNumber, placedAt: o.createdAt })),
    });
    await enqueueMail(db, {
      sellerId: seller.id,
      kind: 'order_resend',
      to: person.email,
      ...content,
    });
    return true;
  }

  /**
   * POST ticket_order/resend. With memberships_only the answer is always accepted, like the
   * forgot forms (nothing reveals whether the address has an account); otherwise the spec's
   * 404 tells the visitor no orders were found.
   */
  async function resendByEmail(seller: SellerRef, email: string, membershipsOnly: boolean) {
    const person = await findUserByEmail(db, seller.id, email);
    return membershipsOnly ? resendMemberships(seller, person) : resendOrders(seller, person);
  }

  /** POST my/ticket_order/resend for the logged-in identity. */
  async function resendOwn(seller: SellerRef, identityId: string, membershipsOnly: boolean) {
    const person = await findIdentityById(db, identityId);
    return membershipsOnly ? resendMemberships(seller, person) : resendOrders(seller, person);
  }

  /**
   * The office's resend of a member's cards (decision 0089): the member-ID mail to the holder,
   * inside the caller's transaction `tx`; `root` is the storefront origin, read before it.
   */
  async function resendMemberCards(
    seller: SellerRef,
    identityId: string,
    tx: Executor,
    root: string,
  ) {
    return resendMemberships(seller, await findIdentityById(tx, identityId), tx, root);
  }

  return { resendByEmail, resendOwn, resendMemberCards };
}
