import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IntentStatus } from './card-gateway';

/**
 * The sandbox's test cards: the card provider's well-known test numbers (README "Test cards").
 * A payment method token carries its outcome (`pm_sandbox_{outcome}_{last4}_{nonce}{mac}`), so
 * the sandbox keeps no card data between tokenization and payment; the MAC (HMAC-SHA256 under a
 * server key, over the seller too) makes a token the server did not issue for this seller
 * worthless (issue #12, decision 0025; issue 22, decision 0027).
 */

export type SandboxOutcome =
  | 'success'
  | 'card_declined'
  | 'insufficient_funds'
  | 'incorrect_cvc'
  | 'incorrect_zip'
  | 'expired_card'
  | 'authenticate'
  | 'processing';

export const SANDBOX_CARDS: Record<string, SandboxOutcome> = {
  '4242424242424242': 'success',
  '5555555555554444': 'success',
  '4000000000000002': 'card_declined',
  '4000000000009995': 'insufficient_funds',
  '4000000000000127': 'incorrect_cvc',
  '4000000000000036': 'incorrect_zip',
  '4000000000000069': 'expired_card',
  '4000002500003155': 'authenticate',
  '4000002760003184': 'authenticate',
  '4000000000000077': 'processing',
};

/** The provider's decline messages (identity §8 "Card provider error"). */
export const DECLINE_MESSAGES: Record<string, string> = {
  card_declined: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
  incorrect_cvc: "Your card's security code is incorrect.",
  incorrect_zip: "Your card's zip code failed validation.",
  expired_card: 'Your card has expired.',
  payment_intent_authentication_failure:
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
  // an off-session charge of a card that asks for 3-D Secure: its holder is not there to answer
  authentication_required:
    'Your card requires authentication, so it could not be charged without you.',
};

/** Declines that answer with their own code; the rest are `card_declined` (like the provider). */
const OWN_CODES = new Set(['incorrect_cvc', 'incorrect_zip', 'card_declined']);

export const declineCodeOf = (outcome: string) =>
  OWN_CODES.has(outcome) ? outcome : 'card_declined';

/** Luhn check: a mistyped number is refused at tokenization like the provider does. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Any other valid number succeeds, like the provider's test mode for unknown test cards. */
export function outcomeOf(digits: string): SandboxOutcome {
  return SANDBOX_CARDS[digits] ?? 'success';
}

export function brandOf(digits: string): string {
  if (digits.startsWith('4')) return 'visa';
  if (/^5[1-5]/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  return 'unknown';
}

const TOKEN_RE = /^pm_sandbox_([a-z_]+)_(\d{4})_([0-9a-f]{16})([0-9a-f]{32})$/;

/** A token minted without `_seller` (development and tests only) is good at any seller. */
const ANY_SELLER = '*';

/**
 * The MAC binds the test card to the seller it was minted for (issue 22): a token minted at
 * one seller is worthless at another. The key is sandbox-tokens.ts `sandboxTokenKey`.
 */
const macOf = (key: Buffer, sellerId: string, body: string) =>
  createHmac('sha256', key).update(`${sellerId}:${body}`).digest('hex').slice(0, 32);

/** A token for a tokenized test card, signed for one seller (null: any, outside production). */
export function issueSandboxToken(
  key: Buffer,
  sellerId: string | null,
  card: { outcome: SandboxOutcome; last4: string },
): string {
  const body = `${card.outcome}_${card.last4}_${randomBytes(8).toString('hex')}`;
  return `pm_sandbox_${body}${macOf(key, sellerId ?? ANY_SELLER, body)}`;
}

/** The test card a token names, unverified: only for a token its payment's confirm verified. */
export function readSandboxToken(token: string): { outcome: SandboxOutcome; last4: string } | null {
  const m = TOKEN_RE.exec(token);
  if (!m || !Object.values(SANDBOX_CARDS).includes(m[1] as SandboxOutcome)) return null;
  return { outcome: m[1] as SandboxOutcome, last4: m[2]! };
}

/**
 * The test card of a token this server issued for this seller (or for any seller); null for
 * anything else: forged, altered, signed under another key or for another seller.
 */
export function parseSandboxToken(
  key: Buffer,
  sellerId: string,
  token: string,
): { outcome: SandboxOutcome; last4: string } | null {
  const m = TOKEN_RE.exec(token);
  const card = readSandboxToken(token);
  if (!m || !card) return null;
  const [, outcome, last4, nonce, mac] = m as unknown as [string, string, string, string, string];
  const body = `${outcome}_${last4}_${nonce}`;
  const given = Buffer.from(mac);
  const signedFor = (seller: string) =>
    timingSafeEqual(Buffer.from(macOf(key, seller, body)), given);
  return signedFor(sellerId) || signedFor(ANY_SELLER) ? card : null;
}

/**
 * A saved test card (decision 0038): `pm_sandbox_saved_{outcome}_{last4}_{nonce}`. Unlike a
 * tokenization token it carries no MAC and is never a bearer credential — it lives only in the
 * `saved_payment_method` row and is charged only off-session by the server (the auto-renew job);
 * a pay body naming it is refused like a forged token. So it outlives the process's token key.
 */
const SAVED_RE = /^pm_sandbox_saved_([a-z_]+)_(\d{4})_[0-9a-f]{16}$/;

/** The saved card of a test card (the card provider's saved payment method). */
export function savedSandboxRef(card: { outcome: SandboxOutcome; last4: string }): string {
  return `pm_sandbox_saved_${card.outcome}_${card.last4}_${randomBytes(8).toString('hex')}`;
}

/**
 * The saved card a setup (decision 0067) makes of a token this server verified: one per token,
 * so a repeated setup with the same token is the same saved card, not a second one.
 */
export function setupSandboxRef(token: string): string | null {
  const m = TOKEN_RE.exec(token);
  return m ? `pm_sandbox_saved_${m[1]}_${m[2]}_${m[3]}` : null;
}

/** The test card behind a saved reference; null for anything else. */
export function parseSavedSandboxRef(
  ref: string,
): { outcome: SandboxOutcome; last4: string } | null {
  const m = SAVED_RE.exec(ref);
  if (!m) return null;
  const outcome = m[1] as SandboxOutcome;
  if (!Object.values(SANDBOX_CARDS).includes(outcome)) return null;
  return { outcome, last4: m[2]! };
}

/** The test card with these last four digits (the test numbers' are distinct), if any. */
export function testCardEndingIn(last4: string): { outcome: SandboxOutcome; brand: string } | null {
  const number = Object.keys(SANDBOX_CARDS).find((n) => n.endsWith(last4));
  return number ? { outcome: SANDBOX_CARDS[number]!, brand: brandOf(number) } : null;
}

/** The brand of a test card from its last four digits. */
export const sandboxBrandOf = (last4: string) => testCardEndingIn(last4)?.brand ?? null;

/** The decline of a token this server never issued (a forged or altered `pm_sandbox_…`). */
export const UNKNOWN_TOKEN_DECLINE = 'invalid_payment_method';
export const UNKNOWN_TOKEN_MESSAGE =
  'This payment method was not issued by this server. Please enter your card again.';
/**
 * A 3-D Secure test card saved without a payment (decision 0067): the sandbox's authentication
 * page belongs to a payment, so it refuses the card rather than save one that skipped the check.
 */
export const SETUP_AUTHENTICATION_MESSAGE =
  'This test card asks for 3-D Secure, which the sandbox offers only with a payment. Please use another card.';
/** The decline of an issued token that another payment has used (our text, issue 22). */
export const SPENT_TOKEN_MESSAGE =
  'This payment method was used for another payment. Please enter your card again.';

/** The intent state a confirm ends in for an outcome. */
export function statusOf(outcome: SandboxOutcome): IntentStatus {
  if (outcome === 'success') return 'succeeded';
  if (outcome === 'authenticate') return 'requires_action';
  if (outcome === 'processing') return 'processing';
  return 'failed';
}
