import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { clearCart, resetVisit, useCartState } from '@/stores/cart-store';
import { cartQueryKey } from '@/api/cart/cart-query-key';
import { useModalStack } from '@/ui/modal-stack';
import { useStrings } from '@/ui/text/use-strings';
import { CART_STRINGS } from '@/features/cart/strings';
import { shouldOfferExtension } from '@/ui/hold-timer';
import { useCartCountdown } from '@/features/cart/use-cart-countdown';
import { ExtendOffer } from '@/features/cart/expiry/extend-offer';
import { ExpiredNotice } from '@/features/cart/expiry/expired-notice';
import { useTimerAnnouncement } from '@/features/cart/expiry/use-timer-announcement';
import styles from '@/features/cart/expiry/expiry-dialogs.module.css';

export const EXTEND_MODAL = 'cart-extend';
export const EXPIRED_MODAL = 'cart-expired';

/**
 * The global cart-expiry dialogs (identity §2 "Global dialogs", shopping §4 "Cart timer"),
 * mounted once per page: the extension offer at ≤ 60 s, the expired modal that clears the cart,
 * and the screen-reader announcements at 300, 120 and 30 s.
 */
export function CartExpiryDialogs({ onStartOver }: { onStartOver: () => void }) {
  const t = useStrings(CART_STRINGS);
  const { open, close } = useModalStack();
  const queryClient = useQueryClient();
  const { extensionDeclined, extensions, localExpiresAt } = useCartState();
  const { cartId, seconds } = useCartCountdown();
  const announcement = useTimerAnnouncement(seconds);
  // one offer per hold: closing it with Escape must not reopen it a second later
  const offeredFor = useRef<string | null>(null);
  // a cart already past its local expiry at page load is forgotten quietly, not announced
  const sawRunning = useRef(false);

  useEffect(() => {
    if (cartId === null || seconds === null) return;
    if (seconds > 0) {
      sawRunning.current = true;
      const hold = `${cartId}:${localExpiresAt}`;
      if (
        shouldOfferExtension(seconds, extensionDeclined, extensions) &&
        offeredFor.current !== hold
      ) {
        offeredFor.current = hold;
        open({
          name: EXTEND_MODAL,
          title: t('cart.extend_title'),
          closeLabel: t('cart.close'),
          content: (done) => <ExtendOffer onDone={done} />,
        });
      }
      return;
    }
    // spec: shopping §4 — when the cart expires a modal clears the cart
    clearCart();
    queryClient.removeQueries({ queryKey: cartQueryKey(cartId) });
    close(EXTEND_MODAL);
    if (!sawRunning.current) return;
    sawRunning.current = false;
    open({
      name: EXPIRED_MODAL,
      title: t('cart.expired_title'),
      closeLabel: t('cart.close'),
      isClosable: false,
      content: (done) => (
        <ExpiredNotice
          onStartOver={() => {
            done();
            resetVisit();
            onStartOver();
          }}
        />
      ),
    });
  }, [
    cartId,
    seconds,
    localExpiresAt,
    extensionDeclined,
    extensions,
    open,
    close,
    queryClient,
    t,
    onStartOver,
  ]);

  const message = announcement
    ? announcement.threshold >= 60
      ? t('cart.timer_announce', { minutes: announcement.threshold / 60 })
      : t('cart.timer_announce_seconds', { seconds: announcement.threshold })
    : '';
  return (
    <>
      <div className={styles.liveRegion} role="status" aria-live="polite">
        {announcement && !announcement.urgent ? message : ''}
      </div>
      <div className={styles.liveRegion} aria-live="assertive" data-testid="cart-timer-urgent">
        {announcement?.urgent ? message : ''}
      </div>
    </>
  );
}
