import { useStrings } from '@/ui/text/use-strings';
import { CART_STRINGS } from '@/features/cart/strings';
import { useCartCountdown } from '@/features/cart/use-cart-countdown';
import { isTimerShown, timerLevel } from '@/features/cart/model/timer-level';
import { formatCountdown } from '@/ui/hold-timer';
import styles from '@/features/cart/components/cart-timer.module.css';

/**
 * The visible countdown of the cart hold (shopping §4 "Cart timer"), coloured by level. Screen
 * reader announcements come from the cart-expiry host, once per page, not from every timer.
 */
export function CartTimer({ className }: { className?: string }) {
  const t = useStrings(CART_STRINGS);
  const { seconds } = useCartCountdown();
  if (seconds === null || !isTimerShown(seconds)) return null;
  const level = timerLevel(seconds);
  return (
    <p
      className={[styles.timer, styles[level], className].filter(Boolean).join(' ')}
      data-level={level}
    >
      {t('cart.timer', { time: formatCountdown(seconds) })}
    </p>
  );
}
