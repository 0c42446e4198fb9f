import { z } from 'zod';
import type { CaptchaVerifier } from './captcha';

/** Cloudflare Turnstile's server-side validation endpoint. */
export const TURNSTILE_SITEVERIFY_URL = 'https://challenges.cloudflare.com/turnstile/v0/siteverify';

/** A verify call that takes longer than this counts as a refusal (the payment is not held up). */
const SITEVERIFY_TIMEOUT_MS = 10_000;

// what we read of siteverify's answer; anything else in it is ignored
const siteverifyAnswer = z.object({ success: z.boolean() });

/**
 * The Turnstile verifier (decision 0068): posts the guest's token with the server's secret to
 * siteverify and accepts it when the answer says `success: true`. A network error, a non-2xx
 * answer or an unreadable body is a refusal (`assertCaptcha` fails closed). `fetchImpl` is
 * injectable so tests never reach the network.
 */
export function turnstileVerifier(
  secret: string,
  fetchImpl: typeof fetch = fetch,
): CaptchaVerifier {
  return {
    async verify(token) {
      if (!token) return false;
      const response = await fetchImpl(TURNSTILE_SITEVERIFY_URL, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ secret, response: token }).toString(),
        signal: AbortSignal.timeout(SITEVERIFY_TIMEOUT_MS),
      });
      if (!response.ok) return false;
      const answer = siteverifyAnswer.safeParse(await response.json().catch(() => null));
      return answer.success && answer.data.success;
    },
  };
}
