import { TURNSTILE_ORIGIN } from '@admit/contracts/captcha';

/** What the storefront uses of Cloudflare Turnstile's explicit-render API (`window.turnstile`). */
export interface TurnstileApi {
  render(
    container: HTMLElement,
    options: {
      sitekey: string;
      callback: (token: string) => void;
      'expired-callback': () => void;
      'error-callback': () => void;
      language?: string;
    },
  ): string | undefined;
  reset(widgetId: string): void;
  remove(widgetId: string): void;
}

declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

const SCRIPT_URL = `${TURNSTILE_ORIGIN}/turnstile/v0/api.js?render=explicit`;
let loading: Promise<TurnstileApi> | null = null;

/**
 * Turnstile's official script, added to the page once, on demand: only a guest's checkout asks
 * for it, so no other page (and no member) loads it. A page that already has
 * `window.turnstile` (the script was there, or a test's fake) uses that.
 */
export function loadTurnstile(): Promise<TurnstileApi> {
  if (window.turnstile) return Promise.resolve(window.turnstile);
  loading ??= new Promise<TurnstileApi>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT_URL;
    script.async = true;
    script.onload = () =>
      window.turnstile
        ? resolve(window.turnstile)
        : reject(new Error('Turnstile is not available'));
    script.onerror = () => reject(new Error('Turnstile did not load'));
    document.head.append(script);
  });
  // a blocked script may load on the next checkout
  loading.catch(() => {
    loading = null;
  });
  return loading;
}
