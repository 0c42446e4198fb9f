import fp from 'fastify-plugin';
import { DEFAULT_CART_HOLD_MINUTES } from '@admit/contracts/constants';
import { createCartChanges } from '@/modules/cart/cart-changes';
import { createCartLookup } from '@/modules/cart/cart-lookup';
import { readSellerSettings } from '@/modules/sellers/seller-settings';
import { createEditService, type EditService } from './edit';

declare module 'fastify' {
  interface FastifyInstance {
    /** the order edit (decision 0036): its carts, and the cart changes that reach them */
    orderEdit: {
      edits: EditService;
      /** the one lookup that reaches edit carts: every caller proved the order's secret first */
      cartChanges: ReturnType<typeof createCartChanges>;
    };
  }
}

/** Builds the order edit's services once (decision 0049); the edit routes read `app.orderEdit`. */
export const orderEditServicePlugin = fp(
  async (app) => {
    const db = app.deps.database.db;
    const now = () => app.deps.now();
    app.decorate('orderEdit', {
      edits: createEditService({
        db,
        now,
        holdMs: async (sellerId) =>
          ((await readSellerSettings(db, sellerId)).cart_hold_minutes ??
            DEFAULT_CART_HOLD_MINUTES) * 60_000,
      }),
      cartChanges: createCartChanges({ db, now, lookup: createCartLookup(db, 'order_edit') }),
    });
  },
  { name: 'order-edit-service' },
);
