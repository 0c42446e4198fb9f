/** Default texts of the quantity-first flow; sellers override any of them by key (shopping §1). */
export const QUANTITY_FIRST_STRINGS = {
  'reserve.quantity_first.heading': 'Choose your tickets',
  'reserve.quantity_first.find': 'Find available tickets',
  'reserve.quantity_first.change_quantities': 'Change tickets',
  'reserve.quantity_first.summary': '{count} × {type}',
  'reserve.quantity_first.loading_dates': 'Finding dates…',
  'reserve.quantity_first.loading_sessions': 'Loading times…',
  'reserve.quantity_first.loading_details': 'Loading ticket details…',
  'reserve.quantity_first.no_dates': 'Sorry, tickets are not available for this event',
  'reserve.quantity_first.date_legend': 'Date',
  // spec: shopping §5 "Ticket selection" messages, verbatim
  'reserve.quantity_first.click_find':
    "Please click the 'Find available tickets' button to continue",
  'reserve.quantity_first.too_many_types':
    'You can only select up to 10 different types of tickets.',
} as const;
