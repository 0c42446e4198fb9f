import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '@/ui/button';
import { useStrings } from '@/ui/text/use-strings';
import { LOGIN_STRINGS } from '@/features/login/strings';
import { emailFields, FIELD_MAX } from '@/features/login/model/login-fields';
import type { EmailFields } from '@/features/login/model/login-fields';
import { otpRequestMessage } from '@/features/login/model/login-errors';
import type { LoginMessage } from '@/features/login/model/login-errors';
import { useRequestCode } from '@/features/login/use-request-code';
import { TextField } from '@/features/login/components/text-field';
import { FormMessage } from '@/features/login/components/form-message';
import styles from '@/features/login/login.module.css';

interface EmailStepProps {
  idPrefix: string;
  defaultEmail: string;
  /** `otp`: the e-mail step sends the passcode; `otp_or_password`: it leads to the password step */
  sendsCode: boolean;
  onPassword: (email: string) => void;
  onCodeSent: (email: string, token: string) => void;
}

/** The first step of the passcode methods (identity §2 Login: email → password | otp_form). */
export function EmailStep({
  idPrefix,
  defaultEmail,
  sendsCode,
  onPassword,
  onCodeSent,
}: EmailStepProps) {
  const t = useStrings(LOGIN_STRINGS);
  const requestCode = useRequestCode();
  const [message, setMessage] = useState<LoginMessage | null>(null);
  const { register, handleSubmit, formState } = useForm<EmailFields>({
    resolver: zodResolver(emailFields),
    defaultValues: { email: defaultEmail },
  });
  // the handler settles its own errors (the form shows them); React drops a returned promise
  const onSubmit = handleSubmit(async ({ email }) => {
    setMessage(null);
    if (!sendsCode) {
      onPassword(email);
      return;
    }
    try {
      onCodeSent(email, await requestCode(email));
    } catch (error) {
      setMessage(otpRequestMessage(error));
    }
  });
  return (
    <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
      <FormMessage message={message} />
      <TextField
        id={`${idPrefix}-email`}
        label={t('login.field.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        maxLength={FIELD_MAX.email}
        registration={register('email')}
        error={formState.errors.email}
      />
      <Button type="submit" disabled={formState.isSubmitting}>
        {sendsCode
          ? formState.isSubmitting
            ? t('login.sending')
            : t('login.otp.send-code')
          : t('login.continue')}
      </Button>
    </form>
  );
}
