/** Default texts of the date calendars; sellers override them by key (shopping §1). */
export const CALENDAR_STRINGS = {
  'calendar.label': 'Dates',
  // spec: shopping §2 — the modal calendar behind "Show more dates"
  'calendar.choose_date': 'Choose date',
  'calendar.close': 'Close',
  'calendar.previous_month': 'Previous month',
  'calendar.next_month': 'Next month',
  'calendar.sold_out': 'Sold out',
} as const;
