import { registerCaptchaVerifier } from './captcha';

/**
 * A deterministic captcha verifier for tests only (never registered by main.ts): it accepts
 * exactly the tokens that start with `pass-`.
 */
export const TEST_CAPTCHA_PROVIDER = 'test-captcha';

export function registerTestCaptcha(): () => void {
  registerCaptchaVerifier(TEST_CAPTCHA_PROVIDER, {
    verify: (token) => Promise.resolve(token.startsWith('pass-')),
  });
  return () => registerCaptchaVerifier(TEST_CAPTCHA_PROVIDER, null);
}
