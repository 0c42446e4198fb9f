import { CHECKOUT_FORM_ID } from '@/features/checkout/components/mobile-pay-button';

/** Marks a field that is not an input but takes typing (Stripe's card element's mount). */
export const CARD_FIELD_ATTRIBUTE = 'data-card-field';

const FIELDS = [
  'input:not([type="hidden"]):not(:disabled):not([readonly])',
  'select:not(:disabled)',
  `[${CARD_FIELD_ATTRIBUTE}]`,
].join(', ');

/**
 * The first field of the checkout form to fill, in page order (the card number, a partial
 * amount's choice, else the purchaser's first name): where a guest's keyboard goes on after
 * "Shop as a Guest" (issue 13). The optional extras above the form (promo codes, donation,
 * gift card) stay one Shift+Tab away.
 */
export function checkoutStartField(): HTMLElement | null {
  return document.getElementById(CHECKOUT_FORM_ID)?.querySelector<HTMLElement>(FIELDS) ?? null;
}
