import { lazy, Suspense, useState } from 'react';
import type { ReactNode } from 'react';
import { ButtonLink } from '@/ui/button';
import { Price } from '@/ui/price';
import { useRouteName } from '@/ui/routing/route-handle';
import { useStrings } from '@/ui/text/use-strings';
import { CHECKOUT_ROUTE } from '@/ui/routing/route-paths';
import { CART_STRINGS } from '@/features/cart/strings';
import { CartTimer } from '@/features/cart/components/cart-timer';
import { badgeCount } from '@/features/cart/model/badge-count';
import { useCartView } from '@/features/cart/use-cart-view';
import styles from '@/features/cart/components/mobile-cart.module.css';

// react-aria's dialog loads only when the visitor opens the cart
const MobileCartModal = lazy(() =>
  import('@/features/cart/components/mobile-cart-modal').then((m) => ({
    default: m.MobileCartModal,
  })),
);

/**
 * The phone footer (shopping §9: 80 px): cart button with a count badge, the total to pay and
 * the proceed button. Shown only on narrow screens, and only while the cart has items. On the
 * checkout the page passes its pay button as `action` (identity §2 Checkout "mobile footer").
 */
export function MobileCartFooter({ action }: { action?: ReactNode }) {
  const t = useStrings(CART_STRINGS);
  const { items, fees, ticketCount } = useCartView();
  const [open, setOpen] = useState(false);
  const onCheckout = useRouteName() === 'checkout';
  if (items.length === 0) return null;
  return (
    <div className={styles.footer} data-testid="mobile-cart-footer">
      <CartTimer className={styles.footerTimer} />
      <button
        type="button"
        className={styles.cartButton}
        aria-label={t('cart.open_mobile', { count: ticketCount })}
        onClick={() => setOpen(true)}
      >
        {/* drawn inline: an emoji or icon-font glyph is missing on some phones (issue 13) */}
        <svg
          aria-hidden="true"
          focusable="false"
          className={styles.cartIcon}
          viewBox="0 0 24 24"
          width="24"
          height="24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M3 4h2l2.4 10.2a1 1 0 0 0 1 .8h8.9a1 1 0 0 0 1-.76L20 8H6.2" />
          <circle cx="9.5" cy="19" r="1.5" />
          <circle cx="17" cy="19" r="1.5" />
        </svg>
        <span aria-hidden="true" className={styles.badge}>
          {badgeCount(ticketCount)}
        </span>
      </button>
      {fees && (
        <p className={styles.total}>
          <span className={styles.totalLabel}>{t('cart.mobile_total')}</span>
          <Price amount={fees.grand_totals.total_outstanding} />
        </p>
      )}
      {action ?? (!onCheckout && <ButtonLink to={CHECKOUT_ROUTE}>{t('cart.proceed')}</ButtonLink>)}
      {open && (
        <Suspense fallback={null}>
          <MobileCartModal onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
