import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/api/client';
import { getApiKey } from '@/features/scan/api/get-api-key';
import { SCAN_STRINGS } from '@/features/scan/strings';
import { Button } from '@/ui/button';
import { FormTextField } from '@/ui/text-field';
import formStyles from '@/ui/form.module.css';
import { useStrings } from '@/ui/text/use-strings';
import styles from '@/features/scan/scan.module.css';

type Problem = 'scan.key.invalid' | 'scan.key.other-seller' | 'scan.key.failed';

const problemOf = (error: unknown): Problem =>
  error instanceof ApiError && error.status === 401
    ? 'scan.key.invalid'
    : error instanceof ApiError && error.code === 'seller_not_found'
      ? 'scan.key.other-seller'
      : 'scan.key.failed';

/**
 * The key, asked once: checked against the seller API before it is kept (decision 0042).
 * `expired`: the last key stopped working (revoked) while scanning.
 */
export function KeyPrompt({ onKey, expired }: { onKey: (key: string) => void; expired: boolean }) {
  const t = useStrings(SCAN_STRINGS);
  const [problem, setProblem] = useState<Problem | null>(null);
  const queryClient = useQueryClient();
  const { register, handleSubmit, formState } = useForm<{ key: string }>({
    defaultValues: { key: '' },
  });
  const submit = handleSubmit(async ({ key }) => {
    setProblem(null);
    try {
      await getApiKey(queryClient, key.trim());
      onKey(key.trim());
    } catch (error) {
      setProblem(problemOf(error));
    }
  });
  return (
    <section aria-labelledby="scan-key-heading" className={styles.panel}>
      <h2 id="scan-key-heading">{t('scan.key.heading')}</h2>
      {expired && (
        <p className={formStyles.alert} role="alert">
          {t('scan.refusal.key')}
        </p>
      )}
      <p>{t('scan.key.intro')}</p>
      <form className={formStyles.form} onSubmit={(e) => void submit(e)} noValidate>
        <FormTextField
          id="scan-key"
          label={t('scan.key.label')}
          type="password"
          autoComplete="off"
          spellCheck={false}
          registration={register('key', {
            validate: (v) => v.trim() !== '' || t('scan.key.required'),
          })}
          errorText={formState.errors.key?.message ?? null}
        />
        {problem && (
          <p className={formStyles.alert} role="alert">
            {t(problem)}
          </p>
        )}
        <Button type="submit" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? t('scan.key.checking') : t('scan.key.submit')}
        </Button>
      </form>
    </section>
  );
}
