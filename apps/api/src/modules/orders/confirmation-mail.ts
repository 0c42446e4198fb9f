import QRCode from 'qrcode';
import type { OutgoingAttachment, OutgoingMail } from '@/modules/mail/outbox';
import { escapeHtml } from '@/modules/mail/templates';
import { minorToDecimal } from '@admit/contracts/money';
import { ORDER_QR_MARGIN } from '@/lib/qr-png';

export interface ConfirmationTicket {
  id: string;
  name: string;
  scanCode: string;
  start: string | null;
}

/** A membership the order made (decision 0032): member ID, level, last day of the term. */
export interface ConfirmationMembership {
  memberCode: string;
  level: string;
  /** YYYY-MM-DD in the seller's time zone */
  lastDay: string;
}

export interface ConfirmationInput {
  sellerId: string;
  sellerName: string;
  to: string;
  orderNumber: string;
  orderScanCode: string;
  totalMinor: number;
  currency: string;
  /** the secret order link `/{slug}/ticket_order/{id}?secret=…` */
  orderLink: string;
  tickets: ConfirmationTicket[];
  /** gift cards the order bought (handler `ledger`): the number is how they are spent */
  giftCards: { number: string; balance: number }[];
  /** what the order still owes under its payment plan (null: paid in full at checkout) */
  balance?: { outstanding: number; scheduled: { dueDate: string; amount: number }[] } | null;
  /** a gift order: the giftee's name (decision 0023); the mail still goes to the giver */
  gifteeName?: string | null;
  memberships?: ConfirmationMembership[];
}

const dueDateFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "Dec 4, 2026" for a YYYY-MM-DD due date (already the seller's calendar date). */
export const formatDueDate = (date: string) => dueDateFormat.format(new Date(`${date}T00:00:00Z`));

/** The balance lines: the outstanding amount, then each scheduled payment still to make. */
function balanceLines(input: ConfirmationInput): string[] {
  const balance = input.balance;
  if (!balance || balance.outstanding <= 0) return [];
  const money = (minor: number) => `${minorToDecimal(minor)} ${input.currency}`;
  return [
    `Balance: ${money(balance.outstanding)}`,
    ...balance.scheduled.map((s) => `Payment due ${formatDueDate(s.dueDate)}: ${money(s.amount)}`),
  ];
}

const png = async (content: string, cid: string): Promise<OutgoingAttachment> => ({
  filename: `${cid}.png`,
  cid,
  contentType: 'image/png',
  base64: (await QRCode.toBuffer(content, { margin: ORDER_QR_MARGIN, width: 240 })).toString(
    'base64',
  ),
});

/**
 * The order confirmation (issue "E-mail"): the order, each ticket, and their QR codes as inline
 * (cid) PNGs, plus the secret link to view the order. Written to the outbox in the order's
 * transaction by the caller.
 */
export async function confirmationMail(input: ConfirmationInput): Promise<OutgoingMail> {
  const total = `${minorToDecimal(input.totalMinor)} ${input.currency}`;
  const attachments = [
    await png(input.orderScanCode, 'order-qr'),
    ...(await Promise.all(input.tickets.map((t, i) => png(t.scanCode, `ticket-${i + 1}-qr`)))),
  ];
  const ticketLines = input.tickets.map(
    (t) => `${t.name}${t.start ? ` — ${t.start}` : ''} (#${t.scanCode})`,
  );
  const giftLines = input.giftCards.map(
    (g) => `Gift card ${g.number}: ${minorToDecimal(g.balance)} ${input.currency}`,
  );
  const scheduleLines = balanceLines(input);
  const memberLines = (input.memberships ?? []).map(
    (m) =>
      `Member ID ${m.memberCode}: ${m.level} membership, valid until ${formatDueDate(m.lastDay)}`,
  );
  const giftFor = input.gifteeName ? `This order is a gift for ${input.gifteeName}.` : null;
  const subject = `Your ${input.sellerName} order ${input.orderNumber}`;
  const html = [
    '<!doctype html><html><head><meta charset="utf-8">',
    `<title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family:system-ui,sans-serif;line-height:1.5;max-width:36rem">',
    `<h1>Thank you for your order</h1>`,
    `<p>Order #${escapeHtml(input.orderNumber)} — total ${escapeHtml(total)}</p>`,
    ...(giftFor ? [`<p>${escapeHtml(giftFor)}</p>`] : []),
    `<p><img src="cid:order-qr" alt="QR code of order ${escapeHtml(input.orderNumber)}" width="240" height="240"></p>`,
    `<p><a href="${escapeHtml(input.orderLink)}">View your tickets</a></p>`,
    '<ul>',
    ...input.tickets.map(
      (t, i) =>
        `<li>${escapeHtml(ticketLines[i]!)}<br><img src="cid:ticket-${i + 1}-qr" alt="QR code of ticket #${escapeHtml(t.scanCode)}" width="160" height="160"></li>`,
    ),
    '</ul>',
    ...giftLines.map((line) => `<p>${escapeHtml(line)}</p>`),
    ...memberLines.map((line) => `<p>${escapeHtml(line)}</p>`),
    ...(scheduleLines.length > 0
      ? [
          `<p>${escapeHtml(scheduleLines[0]!)}</p><ul>`,
          ...scheduleLines.slice(1).map((line) => `<li>${escapeHtml(line)}</li>`),
          '</ul>',
        ]
      : []),
    '</body></html>',
  ].join('');
  return {
    sellerId: input.sellerId,
    kind: 'order_confirmation',
    to: input.to,
    subject,
    text: [
      'Thank you for your order.',
      `Order #${input.orderNumber} — total ${total}`,
      ...(giftFor ? [giftFor] : []),
      '',
      ...ticketLines,
      ...(giftLines.length > 0 ? ['', ...giftLines] : []),
      ...(memberLines.length > 0 ? ['', ...memberLines] : []),
      ...(scheduleLines.length > 0 ? ['', ...scheduleLines] : []),
      '',
      `View your tickets: ${input.orderLink}`,
    ].join('\n'),
    html,
    attachments,
  };
}
