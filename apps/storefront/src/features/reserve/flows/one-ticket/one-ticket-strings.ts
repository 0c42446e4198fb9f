/** Default texts of the one-ticket-only form; sellers override any of them by key (shopping §1). */
export const ONE_TICKET_STRINGS = {
  'reserve.one_ticket.gift_card_heading': 'Gift cards',
  'reserve.one_ticket.donation_heading': 'Make a donation',
  'reserve.one_ticket.gift_card_legend': 'Gift card',
  'reserve.one_ticket.donation_legend': 'Donation',
  'reserve.one_ticket.choose': 'Choose…',
  // spec: shopping §5 "Ticket selection" messages, verbatim
  'reserve.one_ticket.select_gift_card': 'Please select a gift card to continue.',
  'reserve.one_ticket.select_donation': 'Please select a donation to continue.',
  'reserve.one_ticket.amount_label': 'Amount',
  'reserve.one_ticket.amount_range': 'Between {min} and {max}',
  'reserve.one_ticket.amount_required': 'Please enter an amount.',
  'reserve.one_ticket.amount_format': 'Please enter an amount with up to two decimals.',
  // spec: shopping §5 "Flexible price"
  'reserve.one_ticket.amount_out_of_range': 'Value entered is outside min/max',
  'reserve.one_ticket.unavailable': 'Sorry, tickets are not available for this event',
} as const;

export type OneTicketStringKey = keyof typeof ONE_TICKET_STRINGS;
