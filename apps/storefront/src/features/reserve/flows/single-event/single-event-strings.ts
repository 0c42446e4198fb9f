/** Default texts of the single-event form; sellers override any of them by key (shopping §1). */
export const SINGLE_EVENT_STRINGS = {
  'reserve.single_event.heading': 'Tickets',
  'reserve.single_event.loading': 'Loading tickets…',
  'reserve.single_event.unavailable': 'Sorry, tickets are not available for this event',
  'reserve.single_event.when': '{date} at {time}',
  // spec: shopping §4 — every group a discount-code group: a discount-code purchase
  'reserve.single_event.discount_code': 'Discount code purchase',
  'reserve.single_event.discount_code_hint': 'You will enter your discount code at checkout.',
} as const;
