import { ApiError } from '@/api/client';
import formStyles from '@/ui/form.module.css';
import styles from './catalogue.module.css';

const linesOf = (value: unknown): string[] | null =>
  Array.isArray(value) && value.every((line) => typeof line === 'string') ? value : null;

/**
 * A catalogue call the API refused, as it said it: its message, then a file's problems
 * (`file:line  path: message`, a 400) or the refusals (a 409), line by line and unchanged.
 */
export function ImportError({ error }: { error: unknown }) {
  const [message = '', ...rest] =
    error instanceof ApiError ? error.description.split('\n') : [String(error)];
  const lines =
    error instanceof ApiError
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
