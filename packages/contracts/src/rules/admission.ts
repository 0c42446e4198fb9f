import type { TICKET_GROUP_HANDLERS } from '../resources';

/**
 * Which ticket groups open the door (issue 22 "Only admissions open the door"): tickets, passes,
 * seated tickets (members' tickets are tickets of a member group) and a membership's own entry.
 * A donation, a gift card (`ledger`) or a voucher code (`codes`) is a purchase, not an
 * admission: check-in refuses its code, and receipts carry no QR code for it. The one home of
 * this rule for the API (check-in, mails, receipts) and the storefront (completed page, tickets).
 */
export type TicketGroupHandler = (typeof TICKET_GROUP_HANDLERS)[number];

const ADMITTING: ReadonlySet<string> = new Set<TicketGroupHandler>([
  'tickets',
  'passes',
  'seated',
  'membership',
]);

/** Whether a ticket of a group with this handler admits someone at the door. */
export function grantsEntry(handler: string | null | undefined): boolean {
  return handler != null && ADMITTING.has(handler);
}

/**
 * Whether a ticket's own scan code (or its order's) opens the door. A membership grants entry,
 * but by the member's QR code (the member ID) under the membership's own rule, once a day
 * (decision 0042, update of issue 22): the code of its level ticket is the purchase's — for a
 * gift of membership the giver's — and admits nobody.
 */
export function admitsByTicketCode(handler: string | null | undefined): boolean {
  return grantsEntry(handler) && handler !== 'membership';
}

/**
 * What the door says when a ticket's code is not an admission: "A donation is not an
 * admission". `gift`: the ticket's order is a gift (a gift of membership is the giver's).
 */
export function notAnAdmissionReason(
  handler: string | null | undefined,
  options: { gift?: boolean } = {},
): string {
  switch (handler) {
    case 'membership':
      return options.gift
        ? 'A gift of membership is not an admission: the member shows their own member QR code'
        : 'A membership is admitted by the member’s QR code, not its purchase code';
    case 'donation':
      return 'A donation is not an admission';
    case 'ledger':
      return 'A gift card is not an admission';
    case 'codes':
      return 'A voucher code is not an admission';
    default:
      return 'This purchase is not an admission';
  }
}
