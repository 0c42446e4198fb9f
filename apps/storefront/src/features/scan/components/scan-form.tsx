import { lazy, Suspense, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { CheckInBody } from '@admit/contracts/seller-api';
import { SCAN_STRINGS } from '@/features/scan/strings';
import { Button } from '@/ui/button';
import { FormTextField } from '@/ui/text-field';
import formStyles from '@/ui/form.module.css';
import { useStrings } from '@/ui/text/use-strings';
import styles from '@/features/scan/scan.module.css';

const CameraScanner = lazy(() =>
  import('@/features/scan/components/camera-scanner').then((m) => ({ default: m.CameraScanner })),
);

interface ScanFields {
  code: string;
  date: string;
}

/**
 * The scan: a code typed by hand (always there, keyboard first) or read by the camera, and the
 * day the door checks (empty: today, as the server reckons it in the venue's zone).
 */
export function ScanForm({
  pending,
  onScan,
  onAttempt,
}: {
  pending: boolean;
  onScan: (body: CheckInBody) => void;
  /** every try, valid or not: the last answer is cleared before this one's */
  onAttempt: () => void;
}) {
  const t = useStrings(SCAN_STRINGS);
  const [camera, setCamera] = useState(false);
  const { register, handleSubmit, formState, getValues, setValue, setFocus } = useForm<ScanFields>({
    defaultValues: { code: '', date: '' },
  });
  const bodyOf = (code: string): CheckInBody => {
    const date = getValues('date');
    return { code: code.trim(), ...(date ? { date } : {}) };
  };
  const submit = handleSubmit(({ code }) => {
    onScan(bodyOf(code));
    // ready for the next visitor: the field emptied and focused
    setValue('code', '');
    setFocus('code');
  });
  return (
    <section className={styles.panel}>
      <form
        className={formStyles.form}
        onSubmit={(e) => {
          onAttempt();
          void submit(e);
        }}
        noValidate
      >
        <FormTextField
          id="scan-code"
          label={t('scan.code.label')}
          describedBy="scan-code-help"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          enterKeyHint="go"
          registration={register('code', {
            validate: (v) => v.trim() !== '' || t('scan.code.required'),
          })}
          errorText={formState.errors.code?.message ?? null}
        />
        <p id="scan-code-help" className={styles.help}>
          {t('scan.code.help')}
        </p>
        <Button type="submit" disabled={pending} fullWidth>
          {pending ? t('scan.code.checking') : t('scan.code.submit')}
        </Button>
        <FormTextField
          id="scan-date"
          label={t('scan.date.label')}
          type="date"
          describedBy="scan-date-help"
          registration={register('date')}
        />
        <p id="scan-date-help" className={styles.help}>
          {t('scan.date.help')}
        </p>
      </form>
      <Button variant="secondary" onClick={() => setCamera((on) => !on)} aria-pressed={camera}>
        {camera ? t('scan.camera.stop') : t('scan.camera.start')}
      </Button>
      {camera && (
        <Suspense fallback={null}>
          <CameraScanner onCode={(code) => onScan(bodyOf(code))} />
        </Suspense>
      )}
    </section>
  );
}
