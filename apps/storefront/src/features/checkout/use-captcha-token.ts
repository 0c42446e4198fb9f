import { useCallback, useRef } from 'react';
import type { PaymentEntry } from '@admit/contracts/checkout';
import { useSellerConfig } from '@/config/seller-config';
import { useIsLoggedIn } from '@/stores/use-is-logged-in';
import { getCaptchaProvider } from '@/features/checkout/model/captcha';

/** What the payment entry gets: `{ captcha }`, or nothing when no captcha applies. */
export type CaptchaField = Pick<PaymentEntry, 'captcha'>;

/**
 * The captcha provider this visitor must pass, or null: spec identity §5 "Captcha is required
 * for non-members when configured", §6 a logged-in member skips it.
 */
export function useRequiredCaptcha(): string | null {
  const config = useSellerConfig();
  const loggedIn = useIsLoggedIn();
  return loggedIn ? null : config.checkout.captcha_provider;
}

/**
 * The captcha token of the current attempt, kept like the card token so a retried attempt
 * sends the same body with the same Idempotency-Key; `forget` after any definite answer (the
 * server has spent it). `fieldFor` resolves null when the captcha cannot be had — no provider
 * registered under the configured name, or the visitor dismissed it: silent (identity §8
 * "captcha dismissed is silent"), the caller holds the submit back.
 */
export function useCaptchaToken() {
  const provider = useRequiredCaptcha();
  const last = useRef<string | null>(null);
  const fieldFor = useCallback(async (): Promise<CaptchaField | null> => {
    if (!provider) return {};
    if (last.current) return { captcha: { provider, token: last.current } };
    const registered = getCaptchaProvider();
    if (!registered || registered.name !== provider) return null;
    const token = await registered.getToken().catch(() => null);
    if (!token) return null;
    last.current = token;
    return { captcha: { provider, token } };
  }, [provider]);
  const forget = useCallback(() => {
    last.current = null;
  }, []);
  return { required: provider !== null, fieldFor, forget };
}
