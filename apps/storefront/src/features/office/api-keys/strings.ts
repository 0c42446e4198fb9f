/** The office's API keys page (issue #27, decision 0089); sellers may override any by key. */
export const OFFICE_API_KEYS_STRINGS = {
  'office.api-keys.title': 'API keys',
  'office.api-keys.intro':
    'Keys let door scanners and integrations use the seller API. Revoke a key that is lost or no longer used: it stops working at once.',
  'office.api-keys.none': 'There are no API keys yet.',
  'office.api-keys.name': 'Name',
  'office.api-keys.prefix': 'Begins with',
  'office.api-keys.created': 'Created',
  'office.api-keys.last-used': 'Last used',
  'office.api-keys.never-used': 'never',
  'office.api-keys.state': 'State',
  'office.api-keys.active': 'active',
  'office.api-keys.revoked': 'revoked {at}',
  'office.api-keys.create': 'Create key',
  'office.api-keys.create-submit': 'Create the key',
  'office.api-keys.reason': 'Reason (for the audit log)',
  'office.api-keys.secret': 'The new key',
  'office.api-keys.secret-once':
    'Copy this key now and keep it safe: you will not see it again. Only its first characters are kept.',
  'office.api-keys.copy': 'Copy the key',
  'office.api-keys.copied': 'Copied.',
  'office.api-keys.done': 'Done',
  'office.api-keys.revoke': 'Revoke',
  'office.api-keys.revoke-named': 'Revoke {name}',
  'office.api-keys.revoke-title': 'Revoke the key {name}',
  'office.api-keys.revoke-consequence':
    'Whatever uses this key stops working at once. This cannot be undone; a new key can be made.',
  'office.api-keys.revoke-confirm': 'Revoke the key',
  'office.api-keys.close': 'Close',
} as const;
