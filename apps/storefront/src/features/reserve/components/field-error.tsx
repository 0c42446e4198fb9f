import type { IssueMap } from '@/features/reserve/model/form-issues';
import { RESERVE_STRINGS } from '@/features/reserve/strings';
import { useStrings } from '@/ui/text/use-strings';
import styles from '@/features/reserve/components/reserve.module.css';

export const errorIdOf = (fieldId: string) => `${fieldId}-error`;

/** The message beside one invalid field; its id is what the field's aria-describedby names. */
export function FieldError({ fieldId, issues }: { fieldId: string; issues: IssueMap }) {
  const t = useStrings(RESERVE_STRINGS);
  const key = issues.get(fieldId);
  if (!key) return null;
  return (
    <p id={errorIdOf(fieldId)} className={styles.fieldError} role="alert">
      {t(key)}
    </p>
  );
}

/** aria attributes of a field that may be invalid. */
export function invalidProps(fieldId: string, issues: IssueMap) {
  return issues.has(fieldId)
    ? { 'aria-invalid': true as const, 'aria-describedby': errorIdOf(fieldId) }
    : {};
}
