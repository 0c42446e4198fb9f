/**
 * The office's sales page (issue #27 "Sales", decision 0088): staff-facing texts, overridable
 * by key like every other string.
 */
export const SALES_STRINGS = {
  'office.sales.title': 'Sales',
  'office.sales.range': 'Range',
  'office.sales.from': 'From',
  'office.sales.to': 'To',
  'office.sales.interval': 'By',
  'office.sales.interval.day': 'Day',
  'office.sales.interval.week': 'Week',
  'office.sales.interval.month': 'Month',
  'office.sales.show': 'Show',
  'office.sales.export': 'Download CSV',
  'office.sales.loading': 'Loading the sales…',
  'office.sales.failed': 'The sales could not be loaded.',
  'office.sales.zone': 'Dates and times in {timezone}.',
  'office.sales.totals': 'Totals',
  'office.sales.chart': 'Revenue and refunds by {interval}',
  'office.sales.chart.summary':
    'Revenue (sales less refunds) and the refunds in each period as bars side by side, refunds below zero. The table below gives the figures.',
  'office.sales.chart.bars': 'Revenue',
  'office.sales.chart.refunds': 'Refunds',
  'office.sales.periods': 'By period',
  'office.sales.by.event': 'By event',
  'office.sales.by.ticket_type': 'By ticket type',
  'office.sales.by.channel': 'By channel',
  'office.sales.col.period': 'Period',
  'office.sales.col.name': 'Name',
  'office.sales.col.revenue': 'Revenue',
  'office.sales.col.sales': 'Sales',
  'office.sales.col.refunds': 'Refunds',
  'office.sales.col.donations': 'Donations',
  'office.sales.col.tickets': 'Tickets',
} as const;
