import type { MembershipRow } from '@/db/schema/memberships';
import type { SavedPaymentMethodRow } from '@/db/schema/payments';
import type { Executor } from '@/db/transaction';
import { selectOrderByCart } from '@/modules/cart/repo';
import { autoRenewDeclinedMail, autoRenewReceiptMail } from '@/modules/mail/compose';
import { loadMailBrand } from '@/modules/mail/mail-brand';
import { enqueueMail } from '@/modules/mail/outbox';
import { selectKey } from '@/modules/payments/idempotency';
import { findIdentityById } from '@/modules/users/repo';
import type { Renewal } from './renew-term';

/**
 * The two mails of an automatic renewal (decision 0038), queued in the transaction that makes
 * the renewal final, so each is sent once: the receipt (the renewal order, the card charged,
 * the new end), or the refusal with a link to renew by hand.
 */

const cardOf = (saved: SavedPaymentMethodRow | null) =>
  saved ? { brand: saved.brand, last4: saved.last4 } : null;

async function brandAndAddress(tx: Executor, r: Renewal) {
  const holder = await findIdentityById(tx, r.term.identityId);
  const { origin } = r;
  return { to: holder?.email ?? null, origin, brand: await loadMailBrand(tx, r.seller, origin) };
}

/**
 * The receipt of the renewal order the job made (its secret link from the term's key); none
 * when the next term came from another order (renewed by hand).
 */
export async function renewedMail(
  tx: Executor,
  r: Renewal,
  next: MembershipRow,
  saved: SavedPaymentMethodRow,
  cartId: string,
) {
  const { to, origin, brand } = await brandAndAddress(tx, r);
  const order = await selectOrderByCart(tx, cartId);
  if (!to || !order || order.id !== next.ticketOrderId) return;
  const key = await selectKey(tx, r.seller.id, r.key);
  const secret = key?.orderSecret ? `?secret=${key.orderSecret}` : '';
  const content = await autoRenewReceiptMail({
    brand,
    memberCode: next.memberCode,
    level: next.role,
    orderNumber: order.orderNumber,
    totalMinor: order.totalAfterFeesPrice,
    currency: order.currency,
    card: cardOf(saved)!,
    validTo: next.validTo,
    orderLink: `${origin}/ticket_order/${order.id}${secret}`,
  });
  await enqueueMail(tx, { sellerId: r.seller.id, kind: 'auto_renew_receipt', to, ...content });
}

/** Not renewed: the term lapses at its end unless renewed by hand (identity §2 /membership). */
export async function unrenewedMail(
  tx: Executor,
  r: Renewal,
  saved: SavedPaymentMethodRow | null,
  reason: string | null,
) {
  const { to, origin, brand } = await brandAndAddress(tx, r);
  if (!to) return;
  const content = await autoRenewDeclinedMail({
    brand,
    memberCode: r.term.memberCode,
    level: r.term.role,
    card: cardOf(saved),
    validTo: r.term.validTo,
    renewLink: `${origin}/membership/renew`,
    reason,
  });
  await enqueueMail(tx, { sellerId: r.seller.id, kind: 'auto_renew_declined', to, ...content });
}
