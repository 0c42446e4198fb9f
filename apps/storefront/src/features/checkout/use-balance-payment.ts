import { useCallback, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { CartBundle } from '@admit/contracts/cart';
import type { PaymentEntry } from '@admit/contracts/checkout';
import { payCart } from '@/api/checkout/pay-cart';
import { useSellerConfig } from '@/config/seller-config';
import { storefrontPath } from '@/config/router-base';
import { balanceCartQueryKey } from '@/features/checkout/use-balance-cart';
import type { ExistingCartPayer } from '@/features/checkout/use-existing-cart-payment';

/** The order page (where a paid-up balance leads: decision 0021). */
export function orderPath(orderId: string): string {
  return `/ticket_order/${encodeURIComponent(orderId)}`;
}

/**
 * Paying towards the balance of an existing order: POST cart/{id}/pay (a guest's cart) or
 * my/cart/{id}/pay on the order's completed cart; nothing left → the order page (identity §4
 * "completed … when paying an existing order").
 */
export function useBalancePayer(bundle: CartBundle): ExistingCartPayer {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const cart = bundle.cart._data[0]!;
  const onCompleted = useCallback(
    (id: string) => {
      // the order page shows the balance: read it afresh, never the balance from before
      queryClient.removeQueries({ queryKey: ['ticket_order'] });
      // navigate's promise (a data router's) settles once the page has changed: no one waits
      void navigate(orderPath(id));
    },
    [navigate, queryClient],
  );
  const pay = useCallback(
    (entry: PaymentEntry, key: string) => payCart(cart.id, entry, key, cart.ownedByPublicIdentity),
    [cart.id, cart.ownedByPublicIdentity],
  );
  const config = useSellerConfig();
  return useMemo(
    () => ({
      pay,
      cartQueryKey: balanceCartQueryKey(cart.id),
      // back from the card's authentication page to this balance (decision 0021)
      returnUrl: storefrontPath(config, `/checkout/${cart.id}`),
      onCompleted,
    }),
    [cart.id, config, onCompleted, pay],
  );
}
