import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { EMAIL_MAX } from '@admit/contracts/constants';
import { ApiError } from '@/api/client';
import { useSetEmail } from '@/features/user/api/set-email';
import { Button } from '@/ui/button';
import { useStrings } from '@/ui/text/use-strings';
import { setEmailFormSchema } from '@/features/user/model/email-rules';
import type { SetEmailForm as FormValues } from '@/features/user/model/email-rules';
import { TextField } from '@/features/user/components/text-field';
import { AlertMessage } from '@/features/user/components/user-page';
import { USER_STRINGS } from '@/features/user/strings';
import styles from '@/features/user/components/user-page.module.css';

/** E-mail and its confirmation for a user without a valid e-mail (identity §5 "Set e-mail"). */
export function SetEmailForm({ onSaved }: { onSaved: () => void }) {
  const t = useStrings(USER_STRINGS);
  const save = useSetEmail();
  const { register, handleSubmit, formState, setError } = useForm<FormValues>({
    resolver: zodResolver(setEmailFormSchema),
    defaultValues: { email: '', email_confirm: '' },
  });
  const rootError = formState.errors.root;

  // the handler settles its own errors (the form shows them); React drops a returned promise
  const submit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      onSaved();
    } catch (error) {
      // spec: identity §8 "Set e-mail conflict (409)"
      if (error instanceof ApiError && error.status === 409) {
        setError('root', { type: 'conflict', message: values.email });
      } else if (error instanceof ApiError && error.status === 400) {
        setError('email', { message: 'user.error.email-invalid' }, { shouldFocus: true });
      } else {
        setError('root', { type: 'unexpected' });
      }
    }
  });

  return (
    <form
      className={styles.form}
      noValidate
      aria-busy={save.isPending}
      onSubmit={(event) => void submit(event)}
    >
      {rootError && (
        <AlertMessage>
          {rootError.type === 'conflict'
            ? t('user.set-email.conflict', { email: rootError.message ?? '' })
            : t('user.error.unexpected')}
        </AlertMessage>
      )}
      <TextField
        id="set-email"
        label={t('user.email')}
        type="email"
        autoComplete="email"
        required
        registration={register('email')}
        errorKey={formState.errors.email?.message}
        vars={{ max: EMAIL_MAX }}
      />
      <TextField
        id="set-email-confirm"
        label={t('user.email-confirm')}
        type="email"
        autoComplete="email"
        required
        registration={register('email_confirm')}
        errorKey={formState.errors.email_confirm?.message}
        vars={{ max: EMAIL_MAX }}
      />
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? t('user.saving') : t('user.set-email.submit')}
      </Button>
    </form>
  );
}
