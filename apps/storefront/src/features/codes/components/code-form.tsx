import { useId, useRef, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { Button } from '@/ui/button';
import { useStrings } from '@/ui/text/use-strings';
import { CODES_STRINGS } from '@/features/codes/strings';
import { validateCode } from '@/features/codes/model/code-field';
import type { CodeMessage } from '@/features/codes/model/promo-errors';
import styles from '@/features/codes/codes.module.css';

export interface CodeFormProps {
  /**
   * applies the trimmed code; resolves to an error message, null when it was applied, or
   * `'field'` when one of `children` shows the failure
   */
  apply: (code: string) => Promise<CodeMessage | null | 'field'>;
  submitLabel?: string;
  /** more fields after the code (the CityPASS vouchers) */
  children?: ReactNode;
  /** checks those fields after the code; false stops the apply (they show their own errors) */
  beforeApply?: () => boolean;
  /** in a dialog of its own: the field takes the focus when it opens (issue 13) */
  autoFocus?: boolean;
}

/** The "Code" field with its apply button (shopping §2 promo code modal; identity §2 blocked cart). */
export function CodeForm({ apply, submitLabel, children, beforeApply, autoFocus }: CodeFormProps) {
  const t = useStrings(CODES_STRINGS);
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const render = (message: CodeMessage) =>
    'text' in message ? message.text : t(message.key, message.vars);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    // spec: shopping §8 — the form's own validation message comes first
    const invalid = validateCode(value);
    if (invalid) {
      setError(t(invalid.key, invalid.vars));
      input.current?.focus();
      return;
    }
    setError(null);
    if (beforeApply && !beforeApply()) return;
    const code = value.trim();
    setBusy(true);
    setError(null);
    const failure = await apply(code);
    setBusy(false);
    if (failure && failure !== 'field') {
      setError(render(failure));
      input.current?.focus();
    }
  };

  return (
    <form className={styles.form} onSubmit={(e) => void onSubmit(e)} noValidate>
      <label htmlFor={id}>{t('codes.promo.field')}</label>
      <div className={styles.row}>
        <input
          ref={input}
          id={id}
          name="code"
          autoFocus={autoFocus}
          autoComplete="off"
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setValue(e.target.value)}
        />
        <Button type="submit" disabled={busy}>
          {busy ? t('codes.promo.applying') : (submitLabel ?? t('codes.promo.apply'))}
        </Button>
      </div>
      {children}
      {error && (
        <p id={`${id}-error`} role="alert" className={styles.error}>
          {error}
        </p>
      )}
    </form>
  );
}
