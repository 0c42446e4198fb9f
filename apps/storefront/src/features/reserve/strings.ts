import {
  CITYPASS_MISMATCH_MESSAGE,
  CITYPASS_VOUCHER_PLACEHOLDER,
} from '@admit/contracts/rules/citypass';

/**
 * Default texts of the reserve forms; sellers override any of them by key (shopping §1). Texts
 * in quotes in the spec are used verbatim.
 */
export const RESERVE_STRINGS = {
  // spec: shopping §5 "Ticket selection" messages
  'reserve.select_date': 'Please select a date to continue.',
  'reserve.select_session': 'Please select a session to continue.',
  'reserve.select_admission': 'Please select an admission type to continue.',
  'reserve.select_tickets': 'Please select at least one ticket to continue.',
  'reserve.input_empty': 'Input must not be empty.',
  'reserve.invalid_email': 'Please enter a valid email address.',
  'reserve.out_of_range': 'Value entered is outside min/max',
  'reserve.not_a_number': 'Please enter a number.',
  // spec: shopping §8
  'reserve.error_generic': 'Sorry! Something unexpected happened. Please try again.',
  // {count} is the seller's remaining_capacity_threshold: the spec's text at the default 10
  // (shopping §2, §9; decision 0124)
  'reserve.low_availability': 'Hurry, less than {count} tickets available.',
  // quantities
  'reserve.quantities_label': 'Tickets',
  'reserve.type_unavailable': 'Unavailable',
  'reserve.price_range': '{min} – {max}',
  // read before a struck-through regular price (decision 0063)
  'reserve.was_price': 'Was',
  'reserve.valid_until': 'Valid any open day until {date}',
  // shopping §3 meta tickets_must_match_anchor_tickets (decision 0065): an add-on follows the admission
  'reserve.anchor_match':
    'This add-on goes with your admission: choose {count} in all, one for each admission ticket in your cart.',
  // shopping §8 — "invalid_citypass and code_exhausted are shown as a CityPASS error" (decision 0065)
  'reserve.citypass_error': 'There is a problem with your CityPASS: {description}',
  // shopping §5 "CityPASS codes" on the reserve forms (decision 0076)
  'reserve.citypass_enable': 'I have CityPASS vouchers',
  'reserve.citypass_legend': 'CityPASS',
  'reserve.citypass_code': 'CityPASS code',
  // decision 0098: a cart that already holds a CityPASS code asks a voucher per ticket added
  'reserve.citypass_held':
    'Your cart has a CityPASS code: enter one voucher number for each ticket you add.',
  'reserve.citypass_voucher': '{type} ticket {number}: voucher number',
  'reserve.citypass_placeholder': CITYPASS_VOUCHER_PLACEHOLDER,
  'reserve.citypass_no_tickets': 'Choose your tickets: each one takes a voucher.',
  'reserve.citypass_code_required': 'Please enter your CityPASS code.',
  'reserve.citypass_voucher_required': 'Please enter a voucher number.',
  'reserve.citypass_mismatch': CITYPASS_MISMATCH_MESSAGE,
  'reserve.anchor_match_none':
    'This add-on goes with your admission: add admission tickets to your cart first.',
  // admit fields
  'reserve.admit_heading': '{type} ticket {number}',
  'reserve.admit_first_name': 'First name',
  'reserve.admit_last_name': 'Last name',
  'reserve.admit_email': 'Email',
  'reserve.optional': '(optional)',
  // survey
  'reserve.survey_heading': 'A few questions about your visit',
  'reserve.survey_choose': 'Choose…',
  'reserve.submit': 'Add to cart',
  'reserve.submitting': 'Adding to cart…',
  'reserve.total': 'Total',
  // spec: shopping §2 — the mobile footer's button on add-on routes while no tickets are chosen
  'reserve.skip_add_on': 'skip add-on',
  // spec: shopping §4 "Anchor cart" — why an add-on offers only some dates and times
  'reserve.visit_window': 'Add-ons must fit your visit: only times within {window} are shown.',
  // spec: shopping §8 — an unexpected reserve error with a description, as a dialog
  'reserve.error_dialog_title': 'Something went wrong',
  'reserve.error_retry': 'Try again',
  'reserve.error_cancel': 'Cancel',
  'reserve.error_close': 'Close',
} as const;

export type ReserveStringKey = keyof typeof RESERVE_STRINGS;
