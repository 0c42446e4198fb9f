/**
 * The checkout page (identity §2 "Checkout", §3, §4 "Checkout result", §5, §6, §8). Texts quoted
 * by the spec are verbatim; the others are chosen in docs/decisions/0019.
 */
export const CHECKOUT_STRINGS = {
  'checkout.title': 'Checkout',
  'checkout.gift-title': 'Pay for your Gift to {name}',
  'checkout.loading': 'Loading your cart…',
  'checkout.payment-section': 'Payment information',
  'checkout.identity-section': 'Your information',
  'checkout.summary': 'Order summary',
  'checkout.member-email': 'Your tickets will be sent to {email}.',
  'checkout.member-no-email': 'Your tickets will be sent to the e-mail address of your account.',
  // purchaser identity (identity §3)
  'checkout.first_name': 'First name',
  'checkout.last_name': 'Last name',
  'checkout.email': 'Email address',
  'checkout.email_confirm': 'Confirm email address',
  'checkout.phone': 'Phone',
  'checkout.address': 'Address',
  'checkout.address_more': 'Address line 2',
  'checkout.city': 'City',
  'checkout.state': 'State / County',
  'checkout.country': 'Country',
  'checkout.country.none': 'Choose a country',
  'checkout.zip_code': 'ZIP / Postcode',
  // a UK address's own labels (issue #25); every other country reads the two above
  'checkout.zip_code.GB': 'Postcode',
  'checkout.state.GB': 'County',
  'checkout.add-contact-details': 'Add a phone number and address',
  'checkout.address-find': 'Find your address',
  'checkout.address-find-button': 'Find',
  'checkout.address-manual': 'Enter the address manually',
  'checkout.address-unavailable': 'Address lookup is not available. Please enter your address.',
  'checkout.address-suggestions': 'Address suggestions',
  'checkout.address-results': '{count} results. Choose one below.',
  'checkout.address-none': 'No address found. Please try other words or enter your address.',
  // spec: shopping §5 \"Names\" — the one empty-field message of every form (issue #25)
  'checkout.error.required': 'Input must not be empty.',
  'checkout.error.too-long': 'Use at most {max} characters.',
  'checkout.error.email-invalid': 'Email address is not valid.',
  'checkout.error.emails-must-match': 'Email addresses must match.',
  'checkout.error.phone-invalid': 'Phone number is not valid.',
  'checkout.error.zip-invalid': 'ZIP / Postcode is not valid.',
  'checkout.error.terms': 'Please accept the terms and conditions.',
  'checkout.error.form':
    'There were errors found in the information you submitted. Please address the errors and re-submit the form.',
  // terms (shopping §2 terms modal: Accept and Decline)
  'checkout.terms.label': 'I accept the terms and conditions',
  'checkout.terms.view': 'Read the terms and conditions',
  'checkout.terms.title': 'Terms and conditions',
  'checkout.terms.accept': 'Accept',
  'checkout.terms.decline': 'Decline',
  'checkout.close': 'Close',
  'checkout.captcha-notice': 'This form is protected against automated use.',
  // card (sandbox gateway) and payment
  'checkout.card.number': 'Card number',
  'checkout.card.expiry': 'Expiry (MM/YY)',
  'checkout.card.cvc': 'CVC',
  'checkout.card.zip': 'Billing ZIP / Postcode',
  'checkout.card.number-invalid': 'Card number is not valid.',
  'checkout.card.expiry-invalid': 'Expiry date is not valid.',
  'checkout.card.cvc-invalid': 'CVC is not valid.',
  // Stripe Elements and wallets (decision 0022); spec: identity §8 "Card provider not loadable"
  'checkout.card.provider-unavailable':
    'Credit card payment can not be processed because the card provider was unable to load. Try disabling any privacy blockers and ad blockers, and reloading the page.',
  'checkout.card.loading': 'Loading the secure card form…',
  'checkout.card.details': 'Card details',
  'checkout.card.incomplete': 'Please enter your complete card details.',
  'checkout.wallet.or-card': 'Or pay with a card',
  'checkout.wallet.zip-differs':
    'The ZIP / Postcode of the billing address in your wallet differs from the one your card issuer has.',
  'checkout.amount-due': 'Amount to pay',
  'checkout.free': 'Nothing to pay: your order is free.',
  'checkout.pay': 'Pay {amount}',
  'checkout.complete-free': 'Complete order',
  'checkout.paying': 'Processing payment…',
  'checkout.authenticating': 'Completing the card authentication…',
  'checkout.payments-made': 'Paid so far',
  'checkout.partial-paid': 'Thank you! We received your payment of {amount}.',
  'checkout.partial-next': 'Still to pay: {amount}.',
  // scheduled payments and partial payment options (identity §4; decision 0021)
  'checkout.partial-next-due': 'Your next payment of {amount} is due on {date}.',
  'checkout.schedule.title': 'Scheduled payments',
  'checkout.schedule.balance': 'Cart balance: {amount}',
  'checkout.partial.label': 'How much would you like to pay now?',
  'checkout.partial.due': 'Amount due: {amount}',
  'checkout.partial.outstanding': 'Outstanding balance: {amount}',
  'checkout.partial.other': 'Other amount',
  'checkout.partial.other-amount': 'Amount to pay now',
  'checkout.partial.other-range': 'Between {min} and {max}',
  'checkout.partial.nothing-now': 'Nothing is due today: you pay the scheduled payments later.',
  'checkout.balance.title': 'Pay your balance',
  'checkout.balance.order': 'Order {number}',
  'checkout.balance.footer-total': 'Balance to pay',
  // an order edit's difference (identity §2 /manage/{orderId}/confirm; decision 0039)
  'checkout.edit.title': 'Pay for your changes',
  // spec: identity §8
  'checkout.error.unsupported-amount': 'Payment is not supported for this amount',
  'checkout.error.not-charged': 'Your card has not been charged.',
  'checkout.error.payment-general': 'Please edit your payment details and try again.',
  'checkout.error.unexpected': 'Sorry, something unexpected happened. Please try again later.',
  // captcha (identity §5, §8 "captcha dismissed is silent": no error, the pay waits; decision 0019)
  'checkout.error.captcha': 'Please complete the security check to continue.',
  // donation upsell (identity §2 Checkout "donation"; shopping §5 flexible price; decision 0019)
  'checkout.donation.heading': 'Add a donation',
  'checkout.donation.give': 'Donate {amount}',
  'checkout.donation.other': 'Other amount',
  'checkout.donation.other-add': 'Add donation',
  'checkout.donation.range': 'Between {min} and {max}',
  // spec: shopping §5 "Names" — the one empty-field message (issue #25)
  'checkout.donation.required': 'Input must not be empty.',
  'checkout.donation.format': 'Please enter an amount with up to two decimals.',
  'checkout.donation.not-positive': 'Please enter an amount greater than zero.',
  // spec: shopping §5 "Flexible price" verbatim, then the bounds it means (issue #25)
  'checkout.donation.out-of-range': 'Value entered is outside min/max: enter {min} to {max}.',
  'checkout.donation.out-of-range-min': 'Value entered is outside min/max: enter at least {min}.',
  'checkout.donation.out-of-range-max': 'Value entered is outside min/max: enter at most {max}.',
  'checkout.donation.added': 'Your donation of {amount} is in your cart. Thank you!',
  'checkout.donation.remove': 'Remove donation',
  'checkout.donation.error': 'Sorry, we could not update your donation. Please try again.',
} as const;

export type CheckoutStringKey = keyof typeof CHECKOUT_STRINGS;
