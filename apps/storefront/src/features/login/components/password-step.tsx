import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '@/ui/button';
import { useStrings } from '@/ui/text/use-strings';
import { login } from '@/features/login/api/login';
import { LOGIN_STRINGS } from '@/features/login/strings';
import { useLoginFlowContext } from '@/features/login/login-flow-context';
import { FIELD_MAX, passwordFields } from '@/features/login/model/login-fields';
import type { PasswordFields } from '@/features/login/model/login-fields';
import { otpRequestMessage, passwordLoginMessage } from '@/features/login/model/login-errors';
import type { LoginMessage } from '@/features/login/model/login-errors';
import { useRequestCode } from '@/features/login/use-request-code';
import { TextField } from '@/features/login/components/text-field';
import { FormMessage } from '@/features/login/components/form-message';
import styles from '@/features/login/login.module.css';

interface PasswordStepProps {
  idPrefix: string;
  email: string;
  onBack: () => void;
  onCodeSent: (email: string, token: string) => void;
}

/** `otp_or_password` after the e-mail: the password, or "send me a passcode" instead. */
export function PasswordStep({ idPrefix, email, onBack, onCodeSent }: PasswordStepProps) {
  const t = useStrings(LOGIN_STRINGS);
  const { finish } = useLoginFlowContext();
  const requestCode = useRequestCode();
  const [message, setMessage] = useState<LoginMessage | null>(null);
  const [sending, setSending] = useState(false);
  const { register, handleSubmit, formState } = useForm<PasswordFields>({
    resolver: zodResolver(passwordFields),
    defaultValues: { password: '' },
  });
  // the handler settles its own errors (the form shows them); React drops a returned promise
  const onSubmit = handleSubmit(async ({ password }) => {
    setMessage(null);
    try {
      await finish((cartId) => login({ username: email, password, cart_id: cartId }));
    } catch (error) {
      setMessage(passwordLoginMessage(error));
    }
  });
  // catches its own failures (shown as the message): the click handler drops the promise
  const sendCode = async () => {
    setMessage(null);
    setSending(true);
    try {
      onCodeSent(email, await requestCode(email));
    } catch (error) {
      setMessage(otpRequestMessage(error));
      setSending(false);
    }
  };
  return (
    <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
      <p className={styles.note}>{email}</p>
      <FormMessage message={message} />
      <TextField
        id={`${idPrefix}-password`}
        label={t('login.field.password')}
        type="password"
        autoComplete="current-password"
        maxLength={FIELD_MAX.password}
        registration={register('password')}
        error={formState.errors.password}
      />
      <div className={styles.actions}>
        <Button type="submit" disabled={formState.isSubmitting || sending}>
          {formState.isSubmitting ? t('login.submitting') : t('login.otp.choose-password')}
        </Button>
        <Button
          variant="secondary"
          onClick={() => void sendCode()}
          disabled={formState.isSubmitting || sending}
        >
          {sending ? t('login.sending') : t('login.otp.send-code-instead')}
        </Button>
        <Button variant="link" onClick={onBack}>
          {t('login.back')}
        </Button>
      </div>
    </form>
  );
}
