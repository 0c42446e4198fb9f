/** Default texts of the date-first page; sellers override any of them by key (shopping §1). */
export const DATE_FIRST_STRINGS = {
  'reserve.date_first_heading': 'Choose a date and tickets',
  'reserve.loading': 'Loading dates…',
  'reserve.loading_sessions': 'Loading times…',
  'reserve.loading_tickets': 'Loading tickets…',
  'reserve.init_error': 'Sorry! Something unexpected happened. Please try again.',
  'reserve.retry': 'Try again',
  // spec: shopping §8 "Availability texts"
  'reserve.unavailable': 'Sorry, tickets are not available for this event',
  'reserve.no_times': 'No times available',
  // admission choice (shopping §2)
  'reserve.admission_legend': 'Admission',
  'reserve.admission_single': 'Visit on a specific date',
  'reserve.admission_any': 'Visit on any date',
  'reserve.admission_any_chosen': 'Any-date admission',
  'reserve.admission_change': 'Change',
  // dates and sessions
  'reserve.date_legend': 'Date',
  'reserve.show_more_dates': 'Show more dates',
  'reserve.session_legend': 'Time',
  'reserve.session_sold_out': 'Sold out',
  // a session whose ticket types differ in price (decision 0029)
  'reserve.session_price_from': 'from {price}',
  'reserve.tab_not_available': 'Not available',
  'reserve.tab_sold_out': 'Sold out',
  // spec: shopping §8 sold-out handling in the date-first flow
  'reserve.sold_out_session':
    'Tickets have sold out for the session at {time}. Please select another session and try again.',
  'reserve.sold_out_date':
    'Tickets have sold out for {date}. Please select another date and try again.',
  // spec: shopping §5, §8 "Query parameter messages"
  'reserve.query_conflict': 'The session and date query parameters can not be used together.',
  'reserve.query_unavailable_on_date': 'Sorry, tickets are not available on the date of your visit',
  'reserve.query_session_unavailable': 'Sorry, tickets are not available at the selected time',
  'reserve.query_session_not_found': 'Sorry, the selected time is not found',
  'reserve.query_ticket_types_not_found': 'Sorry, the selected ticket types are not available',
  'reserve.query_unavailable': 'Sorry, tickets are not available for this event',
} as const;
