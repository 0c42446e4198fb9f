import { useEffect } from 'react';
import { Link } from 'react-router';
import { ButtonLink } from '@/ui/button';
import { Modal } from '@/ui/modal';
import { Price } from '@/ui/price';
import { useRouteName } from '@/ui/routing/route-handle';
import { useStrings } from '@/ui/text/use-strings';
import { CHECKOUT_ROUTE, UPSELL_ROUTE } from '@/ui/routing/route-paths';
import { CART_STRINGS } from '@/features/cart/strings';
import { CartContents } from '@/features/cart/components/cart-contents';
import { CartTimer } from '@/features/cart/components/cart-timer';
import { useCartView } from '@/features/cart/use-cart-view';
import styles from '@/features/cart/components/mobile-cart.module.css';

const PHONE_MEDIA_QUERY = '(max-width: 768px)';

/** spec: shopping §2 — a modal closes if it becomes hidden on resize (the footer hides > 768 px). */
function useClosesOnWideScreen(onClose: () => void): void {
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const list = window.matchMedia(PHONE_MEDIA_QUERY);
    const onChange = (event: MediaQueryListEvent) => {
      if (!event.matches) onClose();
    };
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  }, [onClose]);
}

/**
 * The phone cart (shopping §2, §9: header 72 px, footer 180 px): the cart, the outstanding
 * total, the proceed button (hidden on checkout) and a link to more events.
 */
export function MobileCartModal({ onClose }: { onClose: () => void }) {
  const t = useStrings(CART_STRINGS);
  useClosesOnWideScreen(onClose);
  const { fees } = useCartView();
  const onCheckout = useRouteName() === 'checkout';
  return (
    <Modal
      title={t('cart.heading')}
      closeLabel={t('cart.close')}
      isOpen
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
      className={styles.modal}
    >
      <div className={styles.modalBody}>
        <CartTimer />
        <CartContents />
      </div>
      <div className={styles.modalFooter}>
        {fees && (
          <p className={styles.total}>
            <span className={styles.totalLabel}>{t('cart.mobile_total')}</span>
            <Price amount={fees.grand_totals.total_outstanding} />
          </p>
        )}
        {!onCheckout && (
          <ButtonLink to={CHECKOUT_ROUTE} fullWidth onClick={onClose}>
            {t('cart.proceed')}
          </ButtonLink>
        )}
        <Link to={UPSELL_ROUTE} onClick={onClose} className={styles.moreEvents}>
          {t('cart.more_events')}
        </Link>
      </div>
    </Modal>
  );
}
