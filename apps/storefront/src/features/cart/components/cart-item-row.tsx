import { useState } from 'react';
import { IMAGE_SIZES } from '@admit/contracts/constants';
import type { CartItem } from '@/api/cart/cart-items';
import { useSellerConfig } from '@/config/seller-config';
import { SellerImage } from '@/ui/image';
import { Price } from '@/ui/price';
import { useStrings } from '@/ui/text/use-strings';
import { CART_STRINGS } from '@/features/cart/strings';
import { sessionWhenLabel } from '@admit/contracts/session-time';
import { RemovalOverlay } from '@/features/cart/components/removal-overlay';
import styles from '@/features/cart/components/cart-item-row.module.css';

export interface CartItemRowProps {
  item: CartItem;
  dependencyWarning: boolean;
  onConfirmRemoval: () => Promise<void>;
  isRemoving: boolean;
  removalFailed: boolean;
}

/** One event-and-session item of the cart with its per-type counts and totals (shopping §2). */
export function CartItemRow({
  item,
  dependencyWarning,
  onConfirmRemoval,
  isRemoving,
  removalFailed,
}: CartItemRowProps) {
  const t = useStrings(CART_STRINGS);
  const { timezone: sellerZone, locale } = useSellerConfig();
  const [pendingRemoval, setPendingRemoval] = useState(false);
  const when = sessionWhenLabel(
    item.session,
    item.timezone ?? sellerZone,
    locale,
    item.ticketDateTime,
  );
  return (
    <li className={styles.item} aria-label={item.name}>
      <div className={styles.header}>
        {item.image && (
          <SellerImage
            src={item.image.url}
            alt={item.image.alt}
            width={IMAGE_SIZES.cart.width}
            height={IMAGE_SIZES.cart.height}
            box={IMAGE_SIZES.cart}
            className={styles.image}
          />
        )}
        <div className={styles.title}>
          <h3 className={styles.name}>{item.name}</h3>
          {when && <p className={styles.when}>{when}</p>}
        </div>
        <button
          type="button"
          className={styles.remove}
          aria-label={t('cart.remove', { name: item.name })}
          onClick={() => setPendingRemoval(true)}
          disabled={pendingRemoval}
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <ul className={styles.types}>
        {item.types.map((line) => (
          <li key={line.type.id} className={styles.type}>
            <span>{t('cart.type_line', { count: line.ticketCount, type: line.type.name })}</span>
            <Price amount={line.totalPrice} />
          </li>
        ))}
      </ul>
      {pendingRemoval && (
        <RemovalOverlay
          name={item.name}
          dependencyWarning={dependencyWarning}
          isRemoving={isRemoving}
          failed={removalFailed}
          onCancel={() => setPendingRemoval(false)}
          onConfirm={() => void onConfirmRemoval().catch(() => undefined)}
        />
      )}
    </li>
  );
}
