import type { CheckoutStringKey } from '@/features/checkout/strings';

/**
 * The countries whose own words the address form knows (issue #25: a UK buyer reads "Postcode",
 * not "ZIP / Postcode"). The US and the rest keep the neutral labels, which name their words too.
 */
const LABELLED_COUNTRIES = new Set(['GB']);

/**
 * The label of an address field in the purchaser's country: "Postcode" / "County" in the UK,
 * the neutral "ZIP / Postcode" / "State / County" elsewhere.
 */
export function addressLabelKey(field: 'zip_code' | 'state', country: string): CheckoutStringKey {
  const code = country.trim().toUpperCase();
  return LABELLED_COUNTRIES.has(code)
    ? (`checkout.${field}.${code}` as CheckoutStringKey)
    : `checkout.${field}`;
}
