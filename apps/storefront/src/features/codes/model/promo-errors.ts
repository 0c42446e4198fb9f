import type { CodesStringKey } from '@/features/codes/strings';

/** spec: shopping §8 — the promo code errors a visitor may see; anything else is "try later". */
export const USER_FACING_CODE_ERRORS = new Set([
  'code_exhausted',
  'code_not_found',
  'additional_info_validation_failed',
  'validation_failed',
  'invalid_citypass',
  'citypass_failure',
  'no_code_benefit',
]);

/** spec: shopping §8 — "The code modal itself handles code_exhausted, code_not_found and no_code_benefit." */
const CODE_SPECIFIC: Record<string, CodesStringKey> = {
  code_not_found: 'codes.error.code_not_found',
  code_exhausted: 'codes.error.code_exhausted',
  no_code_benefit: 'codes.error.no_code_benefit',
};

export interface CodeFailure {
  status: number;
  code: string;
  description: string;
}

/** A message: a catalogue key with variables, or the provider's own sentence. */
export type CodeMessage = { key: CodesStringKey; vars?: Record<string, string> } | { text: string };

/** The provider's message as a sentence: capitalised and ending with a full stop. */
export function asSentence(description: string): string {
  const trimmed = description.trim();
  if (!trimmed) return '';
  const capital = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}

/**
 * spec: shopping §8 "Message choice in order": (the form's own validation message comes
 * first and never reaches here) a code-specific message; else the provider's message as a
 * sentence; else '"{code}" is not a valid promo code.'; else "Sorry. Please try again later."
 */
export function promoErrorMessage(failure: CodeFailure | null, code: string): CodeMessage {
  if (!failure || !USER_FACING_CODE_ERRORS.has(failure.code)) {
    return { key: 'codes.error.later' };
  }
  const specific = CODE_SPECIFIC[failure.code];
  if (specific) return { key: specific, vars: { code } };
  const sentence = asSentence(failure.description === failure.code ? '' : failure.description);
  if (sentence) return { text: sentence };
  return { key: 'codes.error.invalid', vars: { code } };
}
