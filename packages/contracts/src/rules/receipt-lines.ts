import { grantsEntry } from './admission';
import { ticketFees } from './fees';

/** What an order's ticket carries that its receipt line reads (identity §3 "Ticket"). */
export interface ReceiptTicket {
  /** the ticket type's price, minor units */
  faceValue: number;
  /** the price after the cart's discounts (cartmods), minor units */
  adjustedValue: number;
  /** the ticket type's stored outside fees (fee_fixed_outside, fee_percent_outside) */
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
 * it. Fees are taken on the price after discount, as the cart's totals are.
 */
export function receiptLine(ticket: ReceiptTicket): ReceiptLine {
  const fees = ticketFees(ticket.adjustedValue, ticket.outsideFees);
  return {
    face: ticket.faceValue,
    discount: ticket.faceValue - ticket.adjustedValue,
    serviceCharge: fees.fixed,
    tax: fees.percent,
    total: ticket.adjustedValue + fees.fixed + fees.percent,
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
