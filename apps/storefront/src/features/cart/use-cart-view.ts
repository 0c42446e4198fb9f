import { useMemo } from 'react';
import { toCartItems } from '@/api/cart/cart-items';
import { useCart } from '@/api/cart/get-cart';
import { useSellerConfig } from '@/config/seller-config';

/** The live cart as display items, shared by the widget, the mobile footer and the modal. */
export function useCartView() {
  const config = useSellerConfig();
  const cart = useCart();
  const items = useMemo(
    () => (cart.bundle ? toCartItems(cart.bundle, config) : []),
    [cart.bundle, config],
  );
  const fees = cart.bundle?.cart_fees._data[0] ?? null;
  const ticketCount = items.reduce((sum, item) => sum + item.ticketCount, 0);
  return { ...cart, items, fees, ticketCount };
}
