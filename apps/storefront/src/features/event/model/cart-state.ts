import { cartHasAdmission } from '@/api/cart/cart-items';
import { useCart } from '@/api/cart/get-cart';
import { useSellerConfig } from '@/config/seller-config';

/**
 * Whether the visitor's live cart already holds an admission event (shopping §2 rule 2, §6):
 * anchor events prompt for an admission first until it does.
 */
export function useHasAdmissionInCart(): boolean {
  const config = useSellerConfig();
  const { bundle } = useCart();
  return cartHasAdmission(bundle, config);
}
