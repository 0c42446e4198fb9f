/**
 * The captcha guests pass at checkout (identity §5 "Captcha is required for non-members when
 * configured", §6 members skip it; §3 payment entry `captcha {provider, token}`).
 */

/** Cloudflare Turnstile's name in `checkout.captcha_provider` and in the payment entry. */
export const TURNSTILE_CAPTCHA_PROVIDER = 'turnstile';

/**
 * Where Turnstile's script and its challenge frame come from: the storefront loads
 * `${TURNSTILE_ORIGIN}/turnstile/v0/api.js`, the page host's content security policy allows it.
 */
export const TURNSTILE_ORIGIN = 'https://challenges.cloudflare.com';

/** Providers whose widget needs the seller's public site key (`checkout.captcha_site_key`). */
const KEYED_PROVIDERS: readonly string[] = [TURNSTILE_CAPTCHA_PROVIDER];

/**
 * The captcha a seller's guests must pass, or null. A provider whose widget needs a site key is
 * off without one: a seller (the demo's) with no key has no captcha (decision 0068). The server
 * checks with it and the public config carries its answer, so the two never disagree.
 */
export function activeCaptchaProvider(checkout: {
  captcha_provider?: string | null;
  captcha_site_key?: string | null;
}): string | null {
  const provider = checkout.captcha_provider || null;
  if (provider && KEYED_PROVIDERS.includes(provider) && !checkout.captcha_site_key) return null;
  return provider;
}
