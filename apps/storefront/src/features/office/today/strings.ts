/**
 * The office's today page (issue #27 "Today", decision 0088): staff-facing texts, overridable
 * by key like every other string.
 */
export const TODAY_STRINGS = {
  'office.today.title': 'Today',
  'office.today.date': '{date} ({timezone})',
  'office.today.as_of': 'Updated {time}',
  'office.today.scanner': 'Open the scanner',
  'office.today.loading': 'Loading today’s sessions…',
  'office.today.failed': 'Today’s sessions could not be loaded. Retrying…',
  'office.today.none': 'No sessions today.',
  'office.today.sessions': 'Today’s sessions',
  'office.today.col.time': 'Time',
  'office.today.col.event': 'Event',
  'office.today.col.capacity': 'Capacity',
  'office.today.col.sold': 'Sold',
  'office.today.col.checked_in': 'Checked in',
  'office.today.col.due': 'Still due',
  'office.today.unlimited': 'Unlimited',
  'office.today.total': 'All sessions',
  'office.today.arrivals': 'Arrivals by hour',
  'office.today.arrivals.summary':
    'Arrivals each hour as bars, the capacity of the sessions starting that hour as a line. The table below gives the figures.',
  'office.today.arrivals.bars': 'Arrivals',
  'office.today.arrivals.line': 'Capacity of sessions starting',
  'office.today.col.hour': 'Hour',
  'office.today.col.arrivals': 'Arrivals',
  'office.today.col.expected': 'Sold for sessions starting',
  'office.today.col.hour_capacity': 'Capacity of sessions starting',
} as const;
