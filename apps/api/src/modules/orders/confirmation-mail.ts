import { orderConfirmationMail } from '@/modules/mail/compose';
import type { OrderConfirmationInput } from '@/modules/mail/templates/order-confirmation-mail';
import type {
  ConfirmationMembership,
  ConfirmationTicketView,
} from '@/modules/mail/templates/order-parts';
import type { OutgoingAttachment, OutgoingMail } from '@/modules/mail/outbox';
import { grantsEntry } from '@admit/contracts/rules/admission';
import { loadQrcode, ORDER_QR_MARGIN } from '@/lib/qr-png';

export type { ConfirmationMembership };

/** A booked ticket for the mail; its QR code's cid is given here. */
export type ConfirmationTicket = Omit<ConfirmationTicketView, 'qrCid'>;

/** The order as the confirmation shows it, plus where it goes and what its QR codes encode. */
export interface ConfirmationInput extends Omit<OrderConfirmationInput, 'orderQrCid' | 'tickets'> {
  sellerId: string;
  to: string;
  orderScanCode: string;
  tickets: ConfirmationTicket[];
  /** the outbox kind: the first confirmation, or the order mailed again after a change */
  kind?: 'order_confirmation' | 'order_update' | 'order_cancel';
}

const ORDER_QR_CID = 'order-qr';
const ticketQrCid = (index: number) => `ticket-${index + 1}-qr`;

const png = async (content: string, cid: string): Promise<OutgoingAttachment> => ({
  filename: `${cid}.png`,
  cid,
  contentType: 'image/png',
  base64: (
    await (await loadQrcode()).toBuffer(content, { margin: ORDER_QR_MARGIN, width: 240 })
  ).toString('base64'),
});

/**
 * The order confirmation (issue #13 "E-mail"): the mail's text from its template, the order's
 * and each ticket's QR code as inline (cid) PNGs that the HTML shows. Written to the outbox in
 * the order's transaction by the caller.
 */
export async function confirmationMail(input: ConfirmationInput): Promise<OutgoingMail> {
  const { sellerId, to, orderScanCode, kind = 'order_confirmation', ...order } = input;
  // the visits in the order they start (any-date tickets last), then by name
  const tickets = [...input.tickets].sort(
    (a, b) =>
      (a.session?.start_datetime ?? '9999').localeCompare(b.session?.start_datetime ?? '9999') ||
      `${a.eventName}\n${a.typeName}`.localeCompare(`${b.eventName}\n${b.typeName}`),
  );
  // a QR code only on what admits someone: a donation or a gift card opens no door (issue #22)
  const admissions = tickets.filter((t) => grantsEntry(t.handler));
  const [attachments, content] = await Promise.all([
    Promise.all([
      png(orderScanCode, ORDER_QR_CID),
      ...admissions.map((t, i) => png(t.scanCode, ticketQrCid(i))),
    ]),
    orderConfirmationMail({
      ...order,
      orderQrCid: ORDER_QR_CID,
      tickets: tickets.map((t) => {
        const at = admissions.indexOf(t);
        return { ...t, qrCid: at >= 0 ? ticketQrCid(at) : null };
      }),
    }),
  ]);
  return { sellerId, kind, to, ...content, attachments };
}
