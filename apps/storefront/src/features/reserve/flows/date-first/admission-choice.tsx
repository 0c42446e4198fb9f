import { useEffect, useRef } from 'react';
import { useStrings } from '@/ui/text/use-strings';
import { FieldError } from '@/features/reserve/components/field-error';
import type { IssueMap } from '@/features/reserve/model/form-issues';
import { fieldId } from '@/features/reserve/model/form-issues';
import type { AdmissionKind } from '@/features/reserve/flows/date-first/date-first-state';
import { DATE_FIRST_STRINGS } from '@/features/reserve/flows/date-first/date-first-strings';
import reserveStyles from '@/features/reserve/components/reserve.module.css';
import styles from '@/features/reserve/flows/date-first/date-first.module.css';

export const ADMISSION_FIELD_ID = fieldId('admission');

interface AdmissionChoiceProps {
  admission: AdmissionKind | null;
  onChoose: (admission: AdmissionKind) => void;
  onChange: () => void;
  issues: IssueMap;
}

/**
 * Single-date or any-date admission (spec: shopping §2): two buttons while neither is chosen;
 * any-date shows a "Change" button that resets the choice. The button pressed goes away either
 * way, so focus moves to the one that takes its place instead of dropping to the page (issue 13).
 */
export function AdmissionChoice({ admission, onChoose, onChange, issues }: AdmissionChoiceProps) {
  const t = useStrings(DATE_FIRST_STRINGS);
  const replaced = useRef(false);
  const changeRef = useRef<HTMLButtonElement>(null);
  const anyRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!replaced.current) return;
    replaced.current = false;
    (admission === 'any' ? changeRef : anyRef).current?.focus();
  }, [admission]);
  if (admission === 'any') {
    return (
      <div className={styles.chosen}>
        <span>{t('reserve.admission_any_chosen')}</span>
        <button
          ref={changeRef}
          type="button"
          className={styles.choice}
          onClick={() => {
            replaced.current = true;
            onChange();
          }}
        >
          {t('reserve.admission_change')}
        </button>
      </div>
    );
  }
  return (
    <fieldset className={reserveStyles.section}>
      <legend className={reserveStyles.sectionHeading}>{t('reserve.admission_legend')}</legend>
      <div
        id={ADMISSION_FIELD_ID}
        tabIndex={-1}
        className={`${styles.choices} ${reserveStyles.focusTarget}`}
      >
        <button
          type="button"
          className={styles.choice}
          aria-pressed={admission === 'single'}
          onClick={() => onChoose('single')}
        >
          {t('reserve.admission_single')}
        </button>
        <button
          ref={anyRef}
          type="button"
          className={styles.choice}
          aria-pressed={false}
          onClick={() => {
            replaced.current = true;
            onChoose('any');
          }}
        >
          {t('reserve.admission_any')}
        </button>
      </div>
      <FieldError fieldId={ADMISSION_FIELD_ID} issues={issues} />
    </fieldset>
  );
}
