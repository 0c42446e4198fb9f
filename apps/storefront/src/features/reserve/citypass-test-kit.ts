import type { CartBundle } from '@admit/contracts/cart';
import { toCollection } from '@admit/contracts/envelope';
import type { SellerConfig } from '@admit/contracts/seller-config';
import { setSellerSlug } from '@/config/seller-slug';
import { setCartFromBundle } from '@/stores/cart-store';
import { fixtureId } from '@/testing/api-fixtures';
import { cartBundle, makeTicket } from '@/testing/cart-fixtures';
import { makeSellerConfig } from '@/testing/seller-config';

/**
 * A visitor whose cart already holds the seller's CityPASS code, for every ticket (decision
 * 0098): the seller's config, the stored cart, and the read that answers it.
 */
export function heldCitypassCart(): {
  config: SellerConfig;
  cart: CartBundle;
  reads: Record<string, unknown>;
} {
  const config = makeSellerConfig({
    citypass_code_groups: { citypass: { adult_regexp: '\\d{8}', child_regexp: 'C\\d{7}' } },
  });
  const cart: CartBundle = {
    ...cartBundle({ ticket: [makeTicket()] }),
    cartmod: toCollection([
      {
        id: fixtureId(7000),
        name: 'CityPASS',
        description: null,
        discount: '25.00',
        blocking_checkout: false,
        activating_code_groups: [],
        code_group: 'citypass',
        resource: null,
        resource_id: null,
      },
    ]),
  };
  setSellerSlug(config.seller.slug);
  setCartFromBundle(cart);
  return { config, cart, reads: { 'GET /api/my/cart/:id': cart } };
}

/** The text the fields show instead of the checkbox and the code. */
export const HELD_CITYPASS_NOTE =
  'Your cart has a CityPASS code: enter one voucher number for each ticket you add.';
