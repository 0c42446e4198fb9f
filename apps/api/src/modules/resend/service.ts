import type { Db } from '@/db/connection';
import { AppError } from '@/http/app-error';
import { localDate } from '@/lib/zoned-time';
import type { SellerRef } from '@/http/request-context';
import { enqueueMail } from '@/modules/mail/outbox';
import { membershipResendMail, orderResendMail } from '@/modules/mail/templates';
import {
  findIdentityById,
  findUserByEmail,
  needsEmail,
  type IdentityRow,
} from '@/modules/users/repo';
import { membershipsOf, orderNumbersOf } from './repo';

/** spec: identity §8 "Resend" — the 404 text. */
export const NO_ORDERS_MESSAGE = 'No orders could be found for this email address.';

export interface ResendDeps {
  db: Db;
}

/** Resend orders or member IDs by e-mail (identity §2 "Resend", §7 ticket_order/resend). */
export function createResendService({ db }: ResendDeps) {
  /** Queues the member-ID mail if the person has memberships; returns whether one was queued. */
  async function resendMemberships(seller: SellerRef, person: IdentityRow | null) {
    if (!person?.email || needsEmail(person.email)) return false;
    const rows = await membershipsOf(db, person.id);
    if (rows.length === 0) return false;
    // one line per member ID: its renewals share it, the latest ending term speaks for it
    const latest = rows.filter(
      (m, i) => rows.findIndex((o) => o.memberCode === m.memberCode) === i,
    );
    const content = membershipResendMail({
      sellerName: seller.name,
      memberships: latest.map((m) => ({
        memberCode: m.memberCode,
        level: m.role,
        // valid_to is the first instant after the term: its last day in the seller's zone
        validTo: localDate(new Date(m.validTo.getTime() - 1), seller.timezone),
      })),
    });
    await enqueueMail(db, {
      sellerId: seller.id,
      kind: 'membership_resend',
      to: person.email,
      ...content,
    });
    return true;
  }

  /** Queues the order list mail; 404 `not_found` when there is nothing to send. */
  async function resendOrders(seller: SellerRef, person: IdentityRow | null) {
    const orderNumbers =
      person?.email && !needsEmail(person.email) ? await orderNumbersOf(db, person.id) : [];
    if (!person?.email || orderNumbers.length === 0) {
      throw new AppError('not_found', 'ticket_order', NO_ORDERS_MESSAGE);
    }
    const content = orderResendMail({ sellerName: seller.name, orderNumbers });
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

  return { resendByEmail, resendOwn };
}
