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
