/** The office's catalogue page (issue #27, decision 0089); sellers may override any by key. */
export const OFFICE_CATALOGUE_STRINGS = {
  'office.catalogue.title': 'Catalogue',
  'office.catalogue.intro':
    'The catalogue is one seller file: download it, change it, and upload it again. An upload is always checked first and shows what would change; nothing changes until you apply it.',
  'office.catalogue.download': 'Download seller file',
  'office.catalogue.downloading': 'Preparing the file…',
  'office.catalogue.upload': 'Upload a seller file',
  'office.catalogue.upload-hint':
    'The file as downloaded here (JSON: the seller file’s text and its pictures), or the seller file’s YAML alone, which keeps the pictures the catalogue has now.',
  'office.catalogue.not-a-file':
    'This is not a seller file: a .yaml seller file, or a JSON file as downloaded here with file_name, text and pictures.',
  'office.catalogue.checking': 'Checking the file…',
  'office.catalogue.plan': 'What this upload would change',
  'office.catalogue.result': 'The upload is applied',
  'office.catalogue.created': 'Created',
  'office.catalogue.changed': 'Changed',
  'office.catalogue.removed': 'Removed',
  'office.catalogue.other': 'Other',
  'office.catalogue.no-changes': 'No changes: the catalogue already matches this file.',
  'office.catalogue.refusals': 'Applying it would be refused:',
  'office.catalogue.reason': 'Reason (for the audit log)',
  'office.catalogue.apply': 'Apply',
  'office.catalogue.applying': 'Applying…',
} as const;
