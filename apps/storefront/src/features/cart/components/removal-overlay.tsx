import { useEffect, useRef } from 'react';
import { Button } from '@/ui/button';
import { useStrings } from '@/ui/text/use-strings';
import { CART_STRINGS } from '@/features/cart/strings';
import styles from '@/features/cart/components/cart-item-row.module.css';

export interface RemovalOverlayProps {
  name: string;
  dependencyWarning: boolean;
  isRemoving: boolean;
  failed: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** The pending-removal overlay over a cart item: Cancel or Confirm (shopping §4). */
export function RemovalOverlay({
  name,
  dependencyWarning,
  isRemoving,
  failed,
  onCancel,
  onConfirm,
}: RemovalOverlayProps) {
  const t = useStrings(CART_STRINGS);
  const overlayRef = useRef<HTMLDivElement>(null);
  // focus moves into the overlay so keyboard users meet the question they just raised
  useEffect(() => overlayRef.current?.querySelector('button')?.focus(), []);
  return (
    <div
      ref={overlayRef}
      className={styles.overlay}
      role="group"
      aria-label={t('cart.remove_confirm_question', { name })}
    >
      <p className={styles.question}>{t('cart.remove_confirm_question', { name })}</p>
      {dependencyWarning && (
        <p className={styles.warning} role="alert">
          {t('cart.remove_dependency_warning')}
        </p>
      )}
      {failed && (
        <p className={styles.warning} role="alert">
          {t('cart.error')}
        </p>
      )}
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onCancel} disabled={isRemoving}>
          {t('cart.remove_cancel')}
        </Button>
        <Button onClick={onConfirm} disabled={isRemoving}>
          {t('cart.remove_confirm')}
        </Button>
      </div>
    </div>
  );
}
