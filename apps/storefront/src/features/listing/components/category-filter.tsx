import { useId, useRef } from 'react';
import { useRovingFocus } from '@/ui/use-roving-focus';
import { useStrings } from '@/ui/text/use-strings';
import { LISTING_STRINGS } from '@/features/listing/strings';
import { useWrapsBeyond } from '@/features/listing/components/use-wraps-beyond';
import styles from '@/features/listing/components/filters.module.css';

interface CategoryFilterProps {
  categories: string[];
  selected: string[];
  onSelect: (category: string | null) => void;
}

/** spec: shopping §2 — buttons beyond two lines become a dropdown. */
const MAX_BUTTON_LINES = 2;

/**
 * "See all" plus one choice per category (shopping §2); hidden with fewer than two categories.
 * The button row stays laid out (invisible and inert) while the dropdown shows, so a wider
 * window can bring the buttons back.
 */
export function CategoryFilter({ categories, selected, onSelect }: CategoryFilterProps) {
  const t = useStrings(LISTING_STRINGS);
  const rowRef = useRef<HTMLDivElement>(null);
  const selectId = useId();
  const asDropdown = useWrapsBeyond(rowRef, MAX_BUTTON_LINES, categories.join('\u0000'));
  const options = [
    { value: null, label: t('listing.see_all') },
    ...categories.map((c) => ({ value: c, label: c })),
  ];
  const isSelected = (value: string | null) =>
    value === null ? selected.length === 0 : selected.includes(value);
  // one Tab stop for the row, arrow keys between the chips (decision 0031)
  const roving = useRovingFocus(
    options.length,
    options.findIndex((option) => isSelected(option.value)),
  );
  if (categories.length < 2) return null;

  return (
    <div className={styles.filter}>
      <div
        ref={rowRef}
        role={asDropdown ? undefined : 'toolbar'}
        aria-label={asDropdown ? undefined : t('listing.category_label')}
        aria-hidden={asDropdown || undefined}
        inert={asDropdown}
        className={asDropdown ? `${styles.chips} ${styles.measureOnly}` : styles.chips}
        data-testid="category-buttons"
        {...roving.groupProps}
      >
        {options.map((option, index) => (
          <button
            key={option.value ?? ''}
            {...roving.itemProps(index)}
            type="button"
            className={styles.chip}
            aria-pressed={isSelected(option.value)}
            onClick={() => onSelect(option.value)}
          >
            {option.label}
          </button>
        ))}
      </div>
      {asDropdown && (
        <div className={styles.selectField}>
          <label htmlFor={selectId}>{t('listing.category_label')}</label>
          <select
            id={selectId}
            className={styles.select}
            value={selected[0] ?? ''}
            onChange={(event) => onSelect(event.target.value || null)}
          >
            {options.map((option) => (
              <option key={option.value ?? ''} value={option.value ?? ''}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      )}
    </div>
  );
}
