import { useStrings } from '@/ui/text/use-strings';
import { LISTING_STRINGS } from '@/features/listing/strings';
import type { MetaFilter } from '@/features/listing/model/listing-filters';
import styles from '@/features/listing/components/filters.module.css';

interface MetaFilterChipsProps {
  filters: MetaFilter[];
  onClear: () => void;
}

/** spec: shopping §2 — metadata filters shown as "Filter = values", with "See all" to clear. */
export function MetaFilterChips({ filters, onClear }: MetaFilterChipsProps) {
  const t = useStrings(LISTING_STRINGS);
  if (filters.length === 0) return null;
  return (
    <div role="group" aria-label={t('listing.meta_filters_label')} className={styles.chips}>
      <ul className={styles.activeFilters}>
        {filters.map((filter) => (
          <li key={filter.key} className={styles.activeFilter}>
            {t('listing.meta_filter', { key: filter.key, values: filter.values.join(', ') })}
          </li>
        ))}
      </ul>
      <button type="button" className={styles.chip} onClick={onClear}>
        {t('listing.see_all')}
      </button>
    </div>
  );
}
