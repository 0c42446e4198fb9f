import { useEffect, useRef } from 'react';
import { TURNSTILE_CAPTCHA_PROVIDER } from '@admit/contracts/captcha';
import { useSellerConfig } from '@/config/seller-config';
import { registerCaptchaProvider } from '@/features/checkout/model/captcha';
import { loadTurnstile } from '@/features/checkout/turnstile/load-turnstile';

/**
 * Cloudflare Turnstile's widget for a guest's checkout (identity §5; decision 0068): the script
 * loads when this mounts, the widget renders into its box, and while it is on screen the
 * captcha provider `turnstile` hands out its latest token, once: a token is spent by the call
 * it goes with, so the widget is reset for the next one. No token yet (the visitor has not
 * passed, or the script did not load) is a refusal, which the checkout keeps silent (§8).
 */
export function TurnstileWidget({ siteKey }: { siteKey: string }) {
  const box = useRef<HTMLDivElement>(null);
  const { locale } = useSellerConfig();
  useEffect(() => {
    let token: string | null = null;
    let widget: { id: string; reset: () => void; remove: () => void } | null = null;
    let gone = false;
    void loadTurnstile()
      .then((turnstile) => {
        if (gone || !box.current) return;
        const id = turnstile.render(box.current, {
          sitekey: siteKey,
          language: locale,
          callback: (next) => {
            token = next;
          },
          'expired-callback': () => {
            token = null;
          },
          'error-callback': () => {
            token = null;
          },
        });
        if (id !== undefined)
          widget = { id, reset: () => turnstile.reset(id), remove: () => turnstile.remove(id) };
      })
      // a blocked script: no token, the pay is held back with the security-check message
      .catch(() => undefined);
    registerCaptchaProvider({
      name: TURNSTILE_CAPTCHA_PROVIDER,
      getToken: () => {
        const spent = token;
        if (!spent) return Promise.reject(new Error('no Turnstile token yet'));
        token = null;
        widget?.reset();
        return Promise.resolve(spent);
      },
    });
    return () => {
      gone = true;
      registerCaptchaProvider(null);
      widget?.remove();
    };
  }, [siteKey, locale]);
  return <div ref={box} />;
}
