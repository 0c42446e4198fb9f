import { useStrings } from '@/ui/text/use-strings';
import { LISTING_STRINGS } from '@/features/listing/strings';
import styles from '@/features/listing/components/listing-states.module.css';

const SKELETON_CARDS = 6;

/** Card-shaped placeholders while the events load. */
export function ListingSkeleton() {
  const t = useStrings(LISTING_STRINGS);
  return (
    <div role="status" aria-live="polite" className={styles.grid}>
      <span className={styles.visuallyHidden}>{t('listing.loading')}</span>
      {Array.from({ length: SKELETON_CARDS }, (_, index) => (
        <div key={index} className={styles.skeletonCard} aria-hidden="true">
          <div className={styles.skeletonMedia} />
          <div className={styles.skeletonLine} />
          <div className={`${styles.skeletonLine} ${styles.short}`} />
        </div>
      ))}
    </div>
  );
}

export function ListingError({ onRetry }: { onRetry: () => void }) {
  const t = useStrings(LISTING_STRINGS);
  return (
    <div role="alert" className={styles.message}>
      <p>{t('listing.error')}</p>
      <button type="button" className={styles.action} onClick={onRetry}>
        {t('listing.retry')}
      </button>
    </div>
  );
}

/** spec: shopping §2 — empty result text and a "Clear filters" action. */
export function ListingEmpty({ onClearFilters }: { onClearFilters: () => void }) {
  const t = useStrings(LISTING_STRINGS);
  return (
    <div className={styles.message}>
      <p>{t('listing.empty')}</p>
      <button type="button" className={styles.action} onClick={onClearFilters}>
        {t('listing.clear_filters')}
      </button>
    </div>
  );
}
