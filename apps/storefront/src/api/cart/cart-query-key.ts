/** Root of every cart query key: ['cart', cartId]. Mutations write and invalidate under it. */
export const CART_QUERY_ROOT = 'cart';

export function cartQueryKey(cartId: string) {
  return [CART_QUERY_ROOT, cartId] as const;
}
