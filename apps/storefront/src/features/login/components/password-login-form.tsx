import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '@/ui/button';
import { useStrings } from '@/ui/text/use-strings';
import { login } from '@/features/login/api/login';
import { LOGIN_STRINGS } from '@/features/login/strings';
import { useLoginFlowContext } from '@/features/login/login-flow-context';
import { FIELD_MAX, usernamePasswordFields } from '@/features/login/model/login-fields';
import type { UsernamePasswordFields } from '@/features/login/model/login-fields';
import { passwordLoginMessage } from '@/features/login/model/login-errors';
import type { LoginMessage } from '@/features/login/model/login-errors';
import { TextField } from '@/features/login/components/text-field';
import { FormMessage } from '@/features/login/components/form-message';
import styles from '@/features/login/login.module.css';

/** The `password` method: username (max 100) and password in one form (identity §2 Login). */
export function PasswordLoginForm({ idPrefix }: { idPrefix: string }) {
  const t = useStrings(LOGIN_STRINGS);
  const { finish } = useLoginFlowContext();
  const [message, setMessage] = useState<LoginMessage | null>(null);
  const { register, handleSubmit, formState } = useForm<UsernamePasswordFields>({
    resolver: zodResolver(usernamePasswordFields),
    defaultValues: { username: '', password: '' },
  });
  // the handler settles its own errors (the form shows them); React drops a returned promise
  const onSubmit = handleSubmit(async ({ username, password }) => {
    setMessage(null);
    try {
      await finish((cartId) => login({ username, password, cart_id: cartId }));
    } catch (error) {
      setMessage(passwordLoginMessage(error));
    }
  });
  return (
    <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
      <FormMessage message={message} />
      <TextField
        id={`${idPrefix}-username`}
        label={t('login.field.username')}
        autoComplete="username"
        maxLength={FIELD_MAX.username}
        registration={register('username')}
        error={formState.errors.username}
      />
      <TextField
        id={`${idPrefix}-password`}
        label={t('login.field.password')}
        type="password"
        autoComplete="current-password"
        maxLength={FIELD_MAX.password}
        registration={register('password')}
        error={formState.errors.password}
      />
      <Button type="submit" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? t('login.submitting') : t('login.submit')}
      </Button>
    </form>
  );
}
