/**
 * The membership details modal's texts the first load needs (its opener in the header and on
 * event pages, the dialog's frame), in their own module so the rest of ACCOUNT_STRINGS loads
 * with the account's code. Registered in the catalogue as part of ACCOUNT_STRINGS.
 */
export const MEMBERSHIP_DIALOG_STRINGS = {
  // spec: identity §2 — the details' heading, on the page and as the modal's title
  'account.membership.title': 'My membership details',
  // decision 0080: the opener's wording (the spec names the modal, not its action)
  'account.membership.view_details': 'View membership details',
  'account.membership.close': 'Close',
  'account.membership.loading': 'Loading your membership…',
} as const;
