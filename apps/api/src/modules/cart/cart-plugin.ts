import fp from 'fastify-plugin';
import { createCartService, type CartService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** the cart and its holds (shopping §3, §4 "Cart"): the cart routes and the auto-renew job */
    cart: CartService;
  }
}

/**
 * Builds the cart service once for the whole app (decision 0049): its reserve-plan caches are
 * shared by every caller instead of one private copy per user of the service.
 */
export const cartServicePlugin = fp(
  async (app) => {
    app.decorate(
      'cart',
      createCartService({
        db: app.deps.database.db,
        now: () => app.deps.now(),
        planCacheMs: app.deps.config.RESERVE_PLAN_CACHE_MS,
        prepared: app.deps.database.prepared,
      }),
    );
  },
  { name: 'cart-service' },
);
