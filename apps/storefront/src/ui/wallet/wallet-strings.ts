/**
 * Texts of the add-to-wallet buttons (identity §2 "add-to-wallet links"): the providers' own
 * wording; `{item}` names the ticket or membership so each link's name is unique on the page.
 */
export const WALLET_STRINGS = {
  'wallet.apple': 'Add to Apple Wallet',
  'wallet.google': 'Add to Google Wallet',
  'wallet.apple_label': 'Add to Apple Wallet: {item}',
  'wallet.google_label': 'Add to Google Wallet: {item}',
} as const;
