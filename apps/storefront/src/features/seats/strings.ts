/**
 * Default texts of seat selection (shopping §2 "Seat map", §4 "Seat selector", §5); sellers
 * override any of them by key (shopping §1). Quoted spec texts are verbatim.
 */
export const SEATS_STRINGS = {
  // spec: shopping §5, verbatim (the keys were `reserve.single_event.*` before the selector)
  'seats.find_seats': 'Find Seats',
  'seats.click_find_seats': 'Please click the Find Seats button to continue.',
  'seats.not_enough': 'Not enough seats for {type}',
  'seats.too_many': 'Too many seats for {type}',
  'seats.loading': 'Loading the seat map…',
  'seats.heading': 'Choose your seats',
  'seats.confirm': 'Confirm Selection',
  'seats.selected_heading': 'Selected Seats',
  'seats.change': 'Change Selected Seats',
  'seats.column_row': 'Row',
  'seats.column_seat': 'Seat',
  'seats.column_type': 'Type',
  // an accessible name per seat (issue #24): "Row F, seat 12, Adult £25, available"
  'seats.seat_label': 'Row {row}, seat {seat}, {type} {price}, {state}',
  'seats.seat_label_plain': 'Row {row}, seat {seat}, {state}',
  'seats.state_available': 'available',
  'seats.state_booked': 'sold out',
  'seats.state_unavailable': 'unavailable',
  'seats.state_selected': 'selected',
  // the live region after each change
  'seats.announce_selected': 'Seat {seats} selected. {count} of {total} seats chosen.',
  'seats.announce_selected_many': 'Seats {seats} selected. {count} of {total} seats chosen.',
  'seats.announce_removed': 'Seat {seats} removed. {count} of {total} seats chosen.',
  'seats.announce_removed_many': 'Seats {seats} removed. {count} of {total} seats chosen.',
  'seats.announce_refused': 'Seat {seats} is not available.',
  'seats.progress': '{count} of {total} seats chosen',
  // a lost seat race (decision 0052): the seats another buyer took first
  'seats.taken': 'Sorry, these seats were just taken: {seats}. Please choose other seats.',
  // the list alternative: best available by section
  'seats.best_heading': 'Or let us choose: best available seats by section',
  'seats.best_section': '{section}: {count} seats available',
  'seats.best_choose': 'Choose best available',
  'seats.best_choose_label': 'Choose best available in {section}',
  'seats.best_none': 'No {count} seats together in {section}.',
} as const;

export type SeatsStringKey = keyof typeof SEATS_STRINGS;
