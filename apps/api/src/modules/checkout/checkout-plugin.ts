import fp from 'fastify-plugin';
import { TURNSTILE_CAPTCHA_PROVIDER } from '@admit/contracts/captcha';
import { registerCaptchaVerifier } from './captcha';
import { createCheckoutService } from './service';
import { turnstileVerifier } from './turnstile';

/** Pay and checkout's payment path (modules/checkout/service.ts). */
export type CheckoutService = ReturnType<typeof createCheckoutService>;

declare module 'fastify' {
  interface FastifyInstance {
    /** one payment path for the pay and checkout calls, the order edit and auto-renew */
    checkout: CheckoutService;
  }
}

/** Builds the checkout service once for the whole app (decision 0049). */
export const checkoutServicePlugin = fp(
  async (app) => {
    app.decorate(
      'checkout',
      createCheckoutService({
        db: app.deps.database.db,
        now: () => app.deps.now(),
        config: app.deps.config,
      }),
    );
    // Cloudflare Turnstile checks guests' tokens once the server has its secret (decision 0068)
    const secret = app.deps.config.TURNSTILE_SECRET_KEY;
    if (secret) {
      registerCaptchaVerifier(TURNSTILE_CAPTCHA_PROVIDER, turnstileVerifier(secret));
      app.addHook('onClose', async () => registerCaptchaVerifier(TURNSTILE_CAPTCHA_PROVIDER, null));
    }
  },
  { name: 'checkout-service' },
);
