import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { EMAIL_MAX } from '@admit/contracts/constants';
import { Button } from '@/ui/button';
import { useStrings } from '@/ui/text/use-strings';
import { emailFormSchema } from '@/features/user/model/email-rules';
import type { EmailForm as EmailFormValues } from '@/features/user/model/email-rules';
import { TextField } from '@/features/user/components/text-field';
import { USER_STRINGS } from '@/features/user/strings';
import styles from '@/features/user/components/user-page.module.css';

export interface EmailFormProps {
  id: string;
  submitLabel: string;
  pending: boolean;
  onSubmit: (email: string) => void;
}

/** The e-mail submit form of resend and the forgot flows (identity §5: required, max 254). */
export function EmailForm({ id, submitLabel, pending, onSubmit }: EmailFormProps) {
  const t = useStrings(USER_STRINGS);
  const { register, handleSubmit, formState } = useForm<EmailFormValues>({
    resolver: zodResolver(emailFormSchema),
    defaultValues: { email: '' },
  });
  return (
    <form
      className={styles.form}
      noValidate
      aria-busy={pending}
      // handleSubmit's promise settles after onSubmit, which reports its own errors
      onSubmit={(event) => void handleSubmit(({ email }) => onSubmit(email))(event)}
    >
      <TextField
        id={`${id}-email`}
        label={t('user.email')}
        type="email"
        autoComplete="email"
        required
        registration={register('email')}
        errorKey={formState.errors.email?.message}
        vars={{ max: EMAIL_MAX }}
      />
      <Button type="submit" disabled={pending}>
        {pending ? t('user.sending') : submitLabel}
      </Button>
    </form>
  );
}
