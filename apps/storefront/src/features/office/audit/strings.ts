/** The office's audit log page (issue #27, decision 0089); sellers may override any by key. */
export const OFFICE_AUDIT_STRINGS = {
  'office.audit.title': 'Audit log',
  'office.audit.action': 'Action',
  'office.audit.all': 'All actions',
  'office.audit.from': 'From (date)',
  'office.audit.to': 'To (date)',
  'office.audit.at': 'When',
  'office.audit.who': 'Who',
  'office.audit.target': 'What',
  'office.audit.reason': 'Reason',
  'office.audit.none': 'No records match.',
  'office.audit.count': '{count} of {total} records',
} as const;
