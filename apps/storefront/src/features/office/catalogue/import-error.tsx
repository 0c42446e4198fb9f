import { ApiError } from '@/api/client';
import { useOfficeErrorText } from '@/features/office/shell/office-error-text';
import formStyles from '@/ui/form.module.css';
import styles from './catalogue.module.css';

const linesOf = (value: unknown): string[] | null =>
  Array.isArray(value) && value.every((line) => typeof line === 'string') ? value : null;

/**
 * A catalogue call the API refused, as it said it: its message, then a file's problems
 * (`file:line  path: message`, a 400) or the refusals (a 409), line by line and unchanged.
 * Anything else (a file not read, an answer that was no envelope) is the office's sentence.
 */
export function ImportError({ error }: { error: unknown }) {
  const errorText = useOfficeErrorText();
  const said = error instanceof ApiError && error.fromEnvelope;
  const [message = '', ...rest] = errorText(error).split('\n');
  const lines = said
    ? (linesOf(error.extra?.problems) ??
      linesOf(error.extra?.refusals) ??
      rest.map((line) => line.trim()))
    : [];
  return (
    <div className={formStyles.alert} role="alert">
      <p>{message}</p>
      {lines.length > 0 && (
        <ul className={styles.lines}>
          {lines.map((line, i) => (
            <li key={i}>{line}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
