/**
 * Default texts of the scheduled payments list (identity §3 "scheduled payments", §4: Upcoming
 * or Overdue); sellers override them by key (shopping §1). Chosen in decision 0021.
 */
export const SCHEDULED_PAYMENT_STRINGS = {
  'scheduled.label': 'Scheduled payments',
  'scheduled.due-on': 'Due {date}',
  // spec: identity §4 — "Scheduled payments are Upcoming or Overdue"
  'scheduled.status.Upcoming': 'Upcoming',
  'scheduled.status.Overdue': 'Overdue',
} as const;
