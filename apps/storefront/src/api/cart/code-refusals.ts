/**
 * A code's own refusal at reserve (shopping §8): unknown, used up, or no benefit for these
 * tickets. The reserve forms show it in the code prompt; a new cart's landing codes are dropped
 * on it (decision 0062). One set for both.
 */
export const CODE_REFUSALS: ReadonlySet<string> = new Set([
  'code_exhausted',
  'code_not_found',
  'no_code_benefit',
]);

/**
 * spec: shopping §8 reserve errors — "invalid_citypass and code_exhausted are shown as a
 * CityPASS error": a voucher missing or of the wrong format, or a pass already used. The reserve
 * forms read `code_exhausted` so only for an event that takes CityPASS (`web.ecommerce.citypass`,
 * features/reserve/model/event-ecommerce.ts); elsewhere it stays a code's refusal above.
 */
export const CITYPASS_REFUSALS: ReadonlySet<string> = new Set([
  'invalid_citypass',
  'code_exhausted',
]);
