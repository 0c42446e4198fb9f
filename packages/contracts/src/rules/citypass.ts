/**
 * CityPASS vouchers (shopping §5 "CityPASS codes", identity §5 "Voucher codes"): the spec's
 * texts and the cleaning of a voucher, one home for the server's check (api
 * `modules/codes/citypass.ts`), the cart's promo code form (storefront `features/codes/`) and
 * the reserve forms (storefront `features/reserve/`; decision 0076). Whether a voucher fits the
 * seller's adult or child pattern is the server's answer alone (decision 0046).
 */

/** spec: shopping §5 — the voucher field's placeholder. */
export const CITYPASS_VOUCHER_PLACEHOLDER = 'Enter voucher number';

/** spec: shopping §5 — "Mismatch: …". */
export const CITYPASS_MISMATCH_MESSAGE =
  'Does not match the expected format. Please check your CityPASS code.';

/** spec: shopping §5 "each value is cleaned": trimmed, spaces and dashes removed. */
export const cleanVoucher = (voucher: string) => voucher.trim().replace(/[\s-]+/g, '');
