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
  // spec: shopping §5 "Names" — the one empty-field message (issue #25)
  'reserve.one_ticket.amount_required': 'Input must not be empty.',
  'reserve.one_ticket.amount_format': 'Please enter an amount with up to two decimals.',
  'reserve.one_ticket.amount_not_positive': 'Please enter an amount greater than zero.',
  // spec: shopping §5 "Flexible price" verbatim, then the bounds it means (issue #25)
  'reserve.one_ticket.amount_out_of_range':
    'Value entered is outside min/max: enter {min} to {max}.',
  'reserve.one_ticket.amount_out_of_range_min':
    'Value entered is outside min/max: enter at least {min}.',
  'reserve.one_ticket.amount_out_of_range_max':
    'Value entered is outside min/max: enter at most {max}.',
  'reserve.one_ticket.unavailable': 'Sorry, tickets are not available for this event',
} as const;

export type OneTicketStringKey = keyof typeof ONE_TICKET_STRINGS;
