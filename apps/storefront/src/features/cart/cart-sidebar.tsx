import { CartWidget } from '@/features/cart/cart-widget';
import { MobileCartFooter } from '@/features/cart/components/mobile-cart-footer';

/** What the app plugs into a page's `sidebar` slot: the widget on desktop, the footer on phones. */
export function CartSidebar() {
  return (
    <>
      <CartWidget />
      <MobileCartFooter />
    </>
  );
}
