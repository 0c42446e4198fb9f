import type { PaymentEntry } from '@admit/contracts/checkout';
import { activeCaptchaProvider } from '@admit/contracts/captcha';
import type { Db } from '@/db/connection';
import { AppError } from '@/http/app-error';
import { readSellerSettings } from '@/modules/sellers/seller-settings';

/**
 * The captcha seam (identity §5 "Captcha is required for non-members when configured", §6
 * members skip it; §3 payment entry `captcha {provider, token}`). A provider's verifier is
 * registered at start-up under the name sellers put in `config.checkout.captcha_provider`:
 * Cloudflare Turnstile (`turnstile.ts`) when the server has its secret. Decisions 0019 "Update:
 * seller texts, vouchers, donation, captcha" and 0068.
 */
export interface CaptchaVerifier {
  /** true when the provider accepts the token (a provider call may throw: then it fails) */
  verify(token: string, context: { sellerId: string }): Promise<boolean>;
}

const verifiers = new Map<string, CaptchaVerifier>();

/** Registers (or with null removes) the verifier of a provider name. */
export function registerCaptchaVerifier(provider: string, verifier: CaptchaVerifier | null): void {
  if (verifier) verifiers.set(provider, verifier);
  else verifiers.delete(provider);
}

/** The seller's captcha provider in force, or null (no captcha): the public config's rule. */
async function captchaProviderOf(db: Db, sellerId: string): Promise<string | null> {
  return activeCaptchaProvider((await readSellerSettings(db, sellerId)).checkout ?? {});
}

const captchaFailed = () =>
  new AppError(
    'validation_failed',
    'checkout',
    'captcha: a valid captcha is required',
    { field: 'captcha' },
    422,
  );

/**
 * Throws 422 validation_failed (`_extra.field: 'captcha'`) when the seller has a captcha
 * provider and a guest's payment entry carries no token that provider accepts. Logged-in
 * callers skip it; an unregistered provider accepts nothing (fail closed: a misconfigured
 * captcha must not open the guest checkout to scripts).
 */
export async function assertCaptcha(
  db: Db,
  caller: { sellerId: string; loggedIn: boolean },
  captcha: PaymentEntry['captcha'],
): Promise<void> {
  if (caller.loggedIn) return;
  const provider = await captchaProviderOf(db, caller.sellerId);
  if (!provider) return;
  const verifier = verifiers.get(provider);
  if (!captcha || captcha.provider !== provider || !captcha.token || !verifier) {
    throw captchaFailed();
  }
  const ok = await verifier.verify(captcha.token, { sellerId: caller.sellerId }).catch(() => false);
  if (!ok) throw captchaFailed();
}
