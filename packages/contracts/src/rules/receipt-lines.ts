import { grantsEntry } from './admission';
import { chargedLineTotals, type ChargedFees } from './fees';

/**
 * What an order's ticket carries that its receipt line reads (identity §3 "Ticket"): the fees it
 * was charged (`ChargedFees`, frozen at checkout), else its type's.
 */
export interface ReceiptTicket extends ChargedFees {
  /** the ticket type's price, minor units */
  faceValue: number;
  /** the price after the cart's discounts (cartmods), minor units */
  adjustedValue: number;
  /** the ticket type's stored outside fees: read only for a ticket whose fees are not frozen */
  outsideFees: unknown;
  /** the ticket group's handler: says whether the line admits someone */
  handler: string | null | undefined;
}

/** One receipt line in minor units: total = face − discount + serviceCharge + tax. */
export interface ReceiptLine {
  face: number;
  discount: number;
  /** the fixed outside fee ("Service charge") */
  serviceCharge: number;
  /** the percent outside fee ("Tax") */
  tax: number;
  total: number;
  /** whether the line is an admission (a QR code) rather than a donation, gift card or code */
  admits: boolean;
}

/**
 * The one home of a receipt line's figures (issue #22 "Receipts a finance team accepts"): the
 * mail, the completed and tickets pages, the account's order page and the orders CSV all read
 * it. The figures are what the cart charged (`chargedLineTotals`, decision 0047).
 */
export function receiptLine(ticket: ReceiptTicket): ReceiptLine {
  const line = chargedLineTotals(
    ticket.faceValue,
    ticket.adjustedValue,
    ticket.outsideFees,
    ticket,
  );
  return {
    face: line.face,
    discount: line.discount,
    serviceCharge: line.serviceCharge,
    tax: line.tax,
    total: line.total,
    admits: grantsEntry(ticket.handler),
  };
}

/** The sum of receipt lines, figure by figure (a receipt's or a CSV row's totals). */
export function sumReceiptLines(lines: readonly ReceiptLine[]) {
  const sum = { face: 0, discount: 0, serviceCharge: 0, tax: 0, total: 0 };
  for (const l of lines) {
    sum.face += l.face;
    sum.discount += l.discount;
    sum.serviceCharge += l.serviceCharge;
    sum.tax += l.tax;
    sum.total += l.total;
  }
  return sum;
}

/** What a receipt line is: an admission (QR code), a membership, a donation or a gift card. */
export type ReceiptKind = 'admission' | 'membership' | 'donation' | 'gift_card' | 'purchase';

export function receiptKind(handler: string | null | undefined): ReceiptKind {
  if (handler === 'membership') return 'membership';
  if (handler === 'donation') return 'donation';
  if (handler === 'ledger') return 'gift_card';
  return grantsEntry(handler) ? 'admission' : 'purchase';
}

/**
 * A receipt line's name (issue #22): "2 × Adult"; a membership's members are one membership
 * ("Dual membership (2 members)": a level's tickets are its members, decision 0032); a donation
 * reads "Donation", a gift card "Gift card".
 */
export function receiptItemName(kind: ReceiptKind, typeName: string, count: number): string {
  switch (kind) {
    case 'membership':
      return count > 1 ? `${typeName} membership (${count} members)` : `${typeName} membership`;
    case 'donation':
      return 'Donation';
    case 'gift_card':
      return count > 1 ? `${count} × Gift card` : 'Gift card';
    default:
      return `${count} × ${typeName}`;
  }
}

/** One receipt item: tickets read as one line, their figures summed. */
export interface ReceiptItem<T> {
  kind: ReceiptKind;
  name: string;
  count: number;
  figures: ReturnType<typeof sumReceiptLines>;
  tickets: T[];
}

/**
 * An order's tickets as receipt items, in first-seen order: admissions by `visitKey` (event and
 * session) and type, a membership level as one item, each donation and gift card on its own.
 */
export function receiptItems<T extends ReceiptTicket & { typeName: string; ticketTypeId: string }>(
  tickets: readonly T[],
  visitKey: (t: T) => string,
): ReceiptItem<T>[] {
  const groups = new Map<string, { kind: ReceiptKind; tickets: T[] }>();
  tickets.forEach((t, i) => {
    const kind = receiptKind(t.handler);
    const key =
      kind === 'admission' || kind === 'purchase'
        ? `${kind}\n${visitKey(t)}\n${t.ticketTypeId}`
        : kind === 'membership'
          ? `${kind}\n${t.ticketTypeId}`
          : `${kind}\n${i}`;
    const group = groups.get(key) ?? { kind, tickets: [] };
    group.tickets.push(t);
    groups.set(key, group);
  });
  return [...groups.values()].map(({ kind, tickets: own }) => ({
    kind,
    name: receiptItemName(kind, own[0]!.typeName, own.length),
    count: own.length,
    figures: sumReceiptLines(own.map(receiptLine)),
    tickets: own,
  }));
}

/** A card or gift card number as a receipt shows it: "•••• 2000". */
export const maskedNumber = (number: string) => `•••• ${number.replace(/\D/g, '').slice(-4)}`;
