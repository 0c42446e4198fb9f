import {
  CITYPASS_MISMATCH_MESSAGE,
  CITYPASS_VOUCHER_PLACEHOLDER,
} from '@admit/contracts/rules/citypass';

/**
 * Promo codes, checkout codes and gift cards (shopping §2 modals, §5, §8; identity §5, §8).
 * Texts quoted by the spec are verbatim; the others are chosen in docs/decisions/0019.
 */
export const CODES_STRINGS = {
  'codes.close': 'Close',
  // promo codes (shopping §2 "apply a promo code" modal: field "Code", an apply button)
  'codes.promo.heading': 'Promo codes',
  'codes.promo.open': 'Add a promo code',
  'codes.promo.title': 'Apply a promo code',
  'codes.promo.field': 'Code',
  'codes.promo.apply': 'Apply',
  'codes.promo.applying': 'Applying…',
  'codes.promo.applied': 'Applied',
  'codes.promo.applied-message': 'Promo code "{code}" applied.',
  'codes.error.required': 'Please enter a code.',
  'codes.error.too-short': 'A code has at least {min} characters.',
  'codes.error.too-long': 'A code has at most {max} characters.',
  // spec: shopping §8 "Promo code errors" — the code modal handles these three itself
  'codes.error.code_not_found':
    'We could not find the code "{code}". Please check it and try again.',
  'codes.error.code_exhausted': 'Sorry, the code "{code}" is no longer available.',
  'codes.error.no_code_benefit': 'The code "{code}" does not apply to anything in your cart.',
  'codes.error.invalid': '"{code}" is not a valid promo code.',
  'codes.error.later': 'Sorry. Please try again later.',
  // CityPASS vouchers (shopping §5 "CityPASS codes", identity §5; decision 0019)
  'codes.citypass.enable': 'I have CityPASS vouchers',
  'codes.citypass.legend': 'CityPASS vouchers',
  'codes.citypass.field': 'Ticket {n}: {name}',
  'codes.citypass.placeholder': CITYPASS_VOUCHER_PLACEHOLDER,
  'codes.citypass.required': 'Please enter a voucher number.',
  'codes.citypass.mismatch': CITYPASS_MISMATCH_MESSAGE,
  // blocked cart (identity §2, §5, §8)
  'codes.blocked.title': 'A code is required',
  'codes.blocked.message': 'A code is required to continue with your order.',
  'codes.blocked.try-another': 'Please try another one.',
  'codes.blocked.submit': 'Continue',
  // gift cards (shopping §2 "apply a gift card", §5, §8)
  'codes.gift-card.open': 'Pay with a gift card',
  'codes.gift-card.title': 'Apply a gift card',
  'codes.gift-card.field': 'Gift card number',
  'codes.gift-card.apply': 'Apply gift card',
  'codes.gift-card.too-long': 'A gift card number has at most {max} characters.',
  'codes.gift-card.not-found': 'Gift card not found',
  'codes.gift-card.zero-balance': 'Gift Card balance is $0',
  'codes.gift-card.duplicate': 'Oops! You already applied this gift card',
  'codes.gift-card.trouble': 'We are having trouble with that sorry. Please try again later.',
  'codes.gift-card.applied': 'Gift card ending {last4} applied: {amount}.',
} as const;

export type CodesStringKey = keyof typeof CODES_STRINGS;
