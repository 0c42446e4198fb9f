import type { ReactNode } from 'react';
import { CartWidget } from '@/features/cart/cart-widget';
import { MobileCartFooter } from '@/features/cart/components/mobile-cart-footer';

/**
 * What the app plugs into a page's `sidebar` slot: the widget on desktop, the footer on phones.
 * `footerAction` replaces the footer's proceed link (the checkout's pay button).
 */
export function CartSidebar({ footerAction }: { footerAction?: ReactNode }) {
  return (
    <>
      <CartWidget />
      <MobileCartFooter action={footerAction} />
    </>
  );
}
