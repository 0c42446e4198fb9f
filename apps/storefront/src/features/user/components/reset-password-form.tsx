import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ApiError } from '@/api/client';
import { useResetPassword } from '@/features/user/api/reset-password';
import { Button } from '@/ui/button';
import { useStrings } from '@/ui/text/use-strings';
import { resetPasswordFormSchema } from '@/features/user/model/password-form';
import type { ResetPasswordForm as FormValues } from '@/features/user/model/password-form';
import { PasswordRulesList } from '@/features/user/components/password-rules-list';
import { TextField } from '@/features/user/components/text-field';
import { AlertMessage } from '@/features/user/components/user-page';
import { USER_STRINGS } from '@/features/user/strings';
import styles from '@/features/user/components/user-page.module.css';

export interface ResetPasswordFormProps {
  token: string;
  onDone: () => void;
  /** the server refused the token while resetting (used meanwhile, expired) */
  onInvalidLink: () => void;
}

const RULES_ID = 'reset-password-rules';

/** New password and its confirmation (identity §5 Password), sent with the link's token. */
export function ResetPasswordForm({ token, onDone, onInvalidLink }: ResetPasswordFormProps) {
  const t = useStrings(USER_STRINGS);
  const reset = useResetPassword();
  const { register, handleSubmit, formState, setError, watch } = useForm<FormValues>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: '', password_confirm: '' },
  });

  // the form shows the API's refusals; React never awaited the returned promise
  const submit = handleSubmit(async ({ password }) => {
    try {
      await reset.mutateAsync({ token, password });
      onDone();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.code === 'not_found' || error.code === 'validate_failed') return onInvalidLink();
      // spec: identity §5 — "Reset: failing requirements gives 'Invalid password'"
      if (error.status === 400 || error.status === 422) {
        setError('password', { message: 'user.reset.invalid-password' }, { shouldFocus: true });
      } else {
        setError('root', { message: 'user.error.unexpected' });
      }
    }
  });

  return (
    <form
      className={styles.form}
      noValidate
      aria-busy={reset.isPending}
      onSubmit={(event) => void submit(event)}
    >
      {formState.errors.root && <AlertMessage>{t('user.error.unexpected')}</AlertMessage>}
      <PasswordRulesList id={RULES_ID} password={watch('password')} />
      <TextField
        id="reset-password"
        label={t('user.password')}
        type="password"
        autoComplete="new-password"
        required
        describedBy={RULES_ID}
        registration={register('password')}
        errorKey={formState.errors.password?.message}
      />
      <TextField
        id="reset-password-confirm"
        label={t('user.password-confirm')}
        type="password"
        autoComplete="new-password"
        required
        registration={register('password_confirm')}
        errorKey={formState.errors.password_confirm?.message}
      />
      <Button type="submit" disabled={reset.isPending}>
        {reset.isPending ? t('user.saving') : t('user.reset.submit')}
      </Button>
    </form>
  );
}
