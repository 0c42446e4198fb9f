/**
 * Whether a postcode can be one of its country's (the checkout's purchaser and the account
 * profile, issue #25: the profile took a 20-character ZIP). spec: identity §5 "Zip-code
 * patterns: US 5 digits; UK postcode"; any other country: 2 to 10 letters and digits, with
 * single spaces or hyphens inside.
 */
const POSTCODE_PATTERNS: Record<string, RegExp> = {
  US: /^\d{5}$/,
  GB: /^[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}$/i,
};
const ANY_POSTCODE = /^(?=.{2,10}$)[A-Z\d]+(?:[ -][A-Z\d]+)*$/i;

export function isPostcodeOf(postcode: string, country: string): boolean {
  const pattern = POSTCODE_PATTERNS[country.trim().toUpperCase()] ?? ANY_POSTCODE;
  return pattern.test(postcode.trim());
}
