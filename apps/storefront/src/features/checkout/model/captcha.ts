/**
 * The pluggable captcha (identity §5: required for non-members when configured; §3 payment
 * entry `captcha {provider, token}`). None by default.
 */
export interface CaptchaProvider {
  name: string;
  getToken(): Promise<string>;
}

let captcha: CaptchaProvider | null = null;

export function registerCaptchaProvider(next: CaptchaProvider | null): void {
  captcha = next;
}

export function getCaptchaProvider(): CaptchaProvider | null {
  return captcha;
}
