import { useId } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import { STEPPER_STRINGS } from '@/ui/stepper-strings';
import styles from '@/ui/stepper.module.css';
import { useStrings } from '@/ui/text/use-strings';

export interface StepperProps {
  /** what is counted (a ticket type's name); used in the visible label and the button names */
  label: string;
  value: number;
  /** lowest value the decrease button may reach (default 0) */
  min?: number;
  /** highest value the increase button may reach */
  max: number;
  onChange: (next: number) => void;
  /**
   * The next value up or down. The quantity rules (first increment jumps to the minimum,
   * decrement from the minimum goes to 0 — shopping §5) live with the caller; the default is ±1.
   */
  nextUp?: (value: number) => number;
  nextDown?: (value: number) => number;
  isDisabled?: boolean;
  /** exactly-one-ticket mode (shopping §5): decrease is blocked */
  isDecreaseBlocked?: boolean;
  /** extra text under the label, e.g. the price (a struck-through regular price beside it) */
  description?: ReactNode;
  /** a second line under the description, e.g. the ticket type's own text ("Ages 3 to 12") */
  note?: string | null;
  hideLabel?: boolean;
  className?: string;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * An accessible quantity stepper: a labelled group with "Decrease {label}" / "Increase {label}"
 * buttons and a live value. Pure UI; the business rules come in through `nextUp`/`nextDown`.
 * ArrowUp/ArrowDown inside the group step as the buttons do.
 */
export function Stepper({
  label,
  value,
  min = 0,
  max,
  onChange,
  nextUp = (v) => v + 1,
  nextDown = (v) => v - 1,
  isDisabled = false,
  isDecreaseBlocked = false,
  description,
  note,
  hideLabel = false,
  className,
}: StepperProps) {
  const t = useStrings(STEPPER_STRINGS);
  const labelId = useId();
  const descriptionId = useId();
  const noteId = useId();
  const describedBy = [description && descriptionId, note && noteId].filter(Boolean).join(' ');
  const up = clamp(nextUp(value), min, max);
  const down = clamp(nextDown(value), min, max);
  const canIncrease = !isDisabled && up > value;
  const canDecrease = !isDisabled && !isDecreaseBlocked && down < value;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'ArrowUp' && canIncrease) {
      event.preventDefault();
      onChange(up);
    } else if (event.key === 'ArrowDown' && canDecrease) {
      event.preventDefault();
      onChange(down);
    }
  };

  return (
    <div
      role="group"
      aria-labelledby={labelId}
      aria-describedby={describedBy || undefined}
      className={[styles.stepper, className].filter(Boolean).join(' ')}
      onKeyDown={onKeyDown}
    >
      <div className={hideLabel ? 'visually-hidden' : styles.text}>
        <span id={labelId} className={styles.label}>
          {label}
        </span>
        {description && (
          <span id={descriptionId} className={styles.description}>
            {description}
          </span>
        )}
        {note && (
          <span id={noteId} className={styles.description}>
            {note}
          </span>
        )}
      </div>
      <div className={styles.controls}>
        <button
          type="button"
          className={styles.button}
          aria-label={t('stepper.decrease', { label })}
          disabled={!canDecrease}
          onClick={() => onChange(down)}
        >
          <span aria-hidden="true">−</span>
        </button>
        <output
          className={styles.value}
          aria-live="polite"
          aria-atomic="true"
          aria-label={t('stepper.quantity', { label })}
        >
          {value}
        </output>
        <button
          type="button"
          className={styles.button}
          aria-label={t('stepper.increase', { label })}
          disabled={!canIncrease}
          onClick={() => onChange(up)}
        >
          <span aria-hidden="true">+</span>
        </button>
      </div>
    </div>
  );
}
