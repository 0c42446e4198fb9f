/** Default texts of the seat map panel (shopping §2 "Seat map"); sellers override them by key. */
export const SEAT_MAP_STRINGS = {
  'seat_map.label': 'Seat map',
  'seat_map.help':
    'Arrow keys move between seats, Home and End go to the ends of a row, Enter or Space selects a seat, plus and minus zoom.',
  'seat_map.row': '{section}, row {row}',
  'seat_map.legend': 'Legend',
  'seat_map.available': 'Available',
  'seat_map.booked': 'Sold out',
  'seat_map.unavailable': 'Unavailable',
  'seat_map.selected': 'Selected',
  'seat_map.filters': 'Show seats of',
  'seat_map.zoom': 'Zoom',
  'seat_map.zoom_in': 'Zoom in',
  'seat_map.zoom_out': 'Zoom out',
  'seat_map.zoom_reset': 'Reset zoom',
} as const;
