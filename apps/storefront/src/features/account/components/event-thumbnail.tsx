import { IMAGE_SIZES } from '@admit/contracts/constants';
import type { EventImage } from '@/api/events/event-image';
import { SellerImage } from '@/ui/image';
import styles from '@/features/account/account.module.css';

/**
 * The event's picture in an account row (identity §2 "image"), at the cart's thumbnail size
 * (§9 64×51). It only decorates the row beside the event's name, so its alternative text is
 * the seller's when given and empty otherwise.
 */
export function EventThumbnail({ image }: { image: EventImage | null }) {
  const { width, height } = IMAGE_SIZES.cart;
  if (!image) return <span className={styles.thumbnail} aria-hidden="true" />;
  return (
    <SellerImage
      src={image.url}
      alt={image.alt}
      width={width * 2}
      height={height * 2}
      box={{ width, height }}
      className={styles.thumbnail}
    />
  );
}
