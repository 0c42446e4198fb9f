import type { SandboxCardBody } from '@admit/contracts/checkout';
import type { CheckoutStringKey } from '@/features/checkout/strings';

export interface CardValues {
  number: string;
  expiry: string;
  cvc: string;
  zip: string;
}

export const EMPTY_CARD: CardValues = { number: '', expiry: '', cvc: '', zip: '' };

/**
 * The expiry as typed, shaped to MM/YY: digits only, a slash after the month ("1230" → "12/30",
 * "12/30" stays), a lone month digit above 1 padded ("4" → "04"), a month typed as "1/" padded
 * too; at most a four-digit year. Backspacing over the slash leaves the month alone.
 */
export function formatExpiryInput(raw: string): string {
  const singleMonth = /^\s*(\d)\s*\/(.*)$/.exec(raw);
  let digits = singleMonth
    ? `0${singleMonth[1]}${singleMonth[2]!.replace(/\D/g, '')}`
    : raw.replace(/\D/g, '');
  if (/^[2-9]/.test(digits)) digits = `0${digits}`;
  digits = digits.slice(0, 6);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

export type CardErrors = Partial<Record<keyof CardValues, CheckoutStringKey>>;

/**
 * The sandbox card fields (number, expiry, CVC, ZIP) checked as far as the client can; the
 * gateway decides the rest (declines, wrong CVC or ZIP) and answers with its own message.
 */
export function parseCard(
  values: CardValues,
  now: Date,
): { body: SandboxCardBody } | { errors: CardErrors } {
  const errors: CardErrors = {};
  const number = values.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number)) errors.number = 'checkout.card.number-invalid';
  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(values.expiry);
  const month = expiry ? Number(expiry[1]) : 0;
  const year = expiry ? Number(expiry[2]!.length === 2 ? `20${expiry[2]}` : expiry[2]) : 0;
  const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
  if (!expiry || month < 1 || month > 12 || year * 12 + month < thisMonth) {
    errors.expiry = 'checkout.card.expiry-invalid';
  }
  const cvc = values.cvc.trim();
  if (!/^\d{3,4}$/.test(cvc)) errors.cvc = 'checkout.card.cvc-invalid';
  if (Object.keys(errors).length > 0) return { errors };
  const zip = values.zip.trim();
  return {
    body: { number, exp_month: month, exp_year: year, cvc, ...(zip ? { zip } : {}) },
  };
}
