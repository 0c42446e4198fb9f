import fp from 'fastify-plugin';
import { createCheckoutService } from './service';

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
  },
  { name: 'checkout-service' },
);
