import { useRovingFocus } from '@/ui/use-roving-focus';
import { useStrings } from '@/ui/text/use-strings';
import { LISTING_STRINGS } from '@/features/listing/strings';
import type { DateFilter as DateFilterValue } from '@/features/listing/model/listing-filters';
import styles from '@/features/listing/components/filters.module.css';

type DateChoice = 'today' | 'tomorrow' | null;

interface DateFilterProps {
  value: DateFilterValue | null;
  onChange: (value: DateChoice) => void;
}

/** spec: shopping §2 — date filter: all, today, tomorrow; one Tab stop (decision 0031). */
export function DateFilter({ value, onChange }: DateFilterProps) {
  const t = useStrings(LISTING_STRINGS);
  const choices: { value: DateChoice; label: string }[] = [
    { value: null, label: t('listing.date_all') },
    { value: 'today', label: t('listing.date_today') },
    { value: 'tomorrow', label: t('listing.date_tomorrow') },
  ];
  const roving = useRovingFocus(
    choices.length,
    choices.findIndex((choice) => choice.value === value),
  );
  return (
    <div
      role="toolbar"
      aria-label={t('listing.date_label')}
      className={styles.chips}
      {...roving.groupProps}
    >
      {choices.map((choice, index) => (
        <button
          key={choice.value ?? 'all'}
          {...roving.itemProps(index)}
          type="button"
          className={styles.chip}
          aria-pressed={value === choice.value}
          onClick={() => onChange(choice.value)}
        >
          {choice.label}
        </button>
      ))}
    </div>
  );
}
