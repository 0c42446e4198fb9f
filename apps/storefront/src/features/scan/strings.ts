/**
 * The door scanner's texts (issue #16, decision 0042): staff-facing, not in the spec; sellers
 * may override them like every other string.
 */
export const SCAN_STRINGS = {
  'scan.title': 'Check-in',
  'scan.key.heading': 'Enter the scanner key',
  'scan.key.intro':
    'Ask the box office for this door’s API key (npm run seller -- api-key create). It is kept on this device only.',
  'scan.key.label': 'API key',
  'scan.key.submit': 'Use this key',
  'scan.key.checking': 'Checking the key…',
  'scan.key.required': 'Enter the API key.',
  'scan.key.invalid': 'This key is not valid. Check it, or ask for a new one.',
  'scan.key.other-seller': 'This key belongs to another seller.',
  'scan.key.failed': 'The key could not be checked. Try again.',
  'scan.key.active': 'Key {name} ({prefix}…)',
  'scan.key.forget': 'Forget this key',
  'scan.date.label': 'Visit date',
  'scan.date.help': 'Leave empty to check in today’s tickets.',
  'scan.code.label': 'Ticket code',
  'scan.code.help': 'The code printed beside the QR code, e.g. 3F2A9C41B7D0E6A5.',
  'scan.code.submit': 'Check in',
  'scan.code.required': 'Enter a ticket code.',
  'scan.code.checking': 'Checking…',
  'scan.camera.start': 'Scan with the camera',
  'scan.camera.stop': 'Stop the camera',
  'scan.camera.label': 'Camera view: hold the QR code in the frame',
  'scan.camera.unavailable': 'The camera is not available. Enter the code by hand.',
  'scan.result.region': 'Last scan',
  'scan.result.admitted': 'Admitted',
  'scan.result.member': 'Member admitted',
  'scan.result.refused': 'Not admitted',
  'scan.result.tickets': '{count} tickets',
  'scan.result.member-line': '{level} member, until {date}',
  'scan.result.code': 'Code {code}',
  'scan.refusal.already_redeemed': 'Already redeemed at {time}',
  'scan.refusal.ticket_cancelled': 'This ticket has been cancelled.',
  'scan.refusal.wrong_session': 'This ticket is for another session: {when}.',
  'scan.refusal.wrong_date': 'This ticket is for another day: {when}.',
  'scan.refusal.unknown_code': 'Unknown code. Check it and try again.',
  'scan.refusal.membership_expired': 'This membership is not current (it ended {date}).',
  'scan.refusal.key': 'The key is no longer valid. Enter a new one.',
  'scan.refusal.failed': 'The check-in did not go through. Try again.',
  'scan.any-date': 'any date',
} as const;

export type ScanStringKey = keyof typeof SCAN_STRINGS;
