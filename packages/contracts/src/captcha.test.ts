import { describe, expect, it } from 'vitest';
import { TURNSTILE_CAPTCHA_PROVIDER, activeCaptchaProvider } from './captcha';

describe('activeCaptchaProvider (decision 0068)', () => {
  it('is Turnstile only with a site key', () => {
    const turnstile = { captcha_provider: TURNSTILE_CAPTCHA_PROVIDER };
    expect(activeCaptchaProvider({ ...turnstile, captcha_site_key: 'key' })).toBe('turnstile');
    expect(activeCaptchaProvider({ ...turnstile, captcha_site_key: null })).toBeNull();
    expect(activeCaptchaProvider({ ...turnstile, captcha_site_key: '' })).toBeNull();
    expect(activeCaptchaProvider(turnstile)).toBeNull();
  });

  it('keeps a provider that needs no site key, and none as none', () => {
    expect(activeCaptchaProvider({ captcha_provider: 'test-captcha' })).toBe('test-captcha');
    expect(activeCaptchaProvider({ captcha_provider: null, captcha_site_key: 'key' })).toBeNull();
    expect(activeCaptchaProvider({})).toBeNull();
  });
});
