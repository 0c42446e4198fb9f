import type { FieldError } from 'react-hook-form';
import { useStrings } from '@/ui/text/use-strings';
import { FormTextField, type FormTextFieldProps } from '@/ui/text-field';
import { LOGIN_STRINGS } from '@/features/login/strings';

export interface TextFieldProps extends Omit<FormTextFieldProps, 'errorText' | 'describedBy'> {
  /** the zod issue; its message is a LOGIN_STRINGS key */
  error?: FieldError;
  errorVars?: Record<string, string | number>;
}

/** The shared field with a login error key turned into words. */
export function TextField({ error, errorVars, ...props }: TextFieldProps) {
  const t = useStrings(LOGIN_STRINGS);
  const message = error?.message;
  const text =
    message && message in LOGIN_STRINGS
      ? t(message as keyof typeof LOGIN_STRINGS, { max: props.maxLength ?? '', ...errorVars })
      : message
        ? t('login.error.required')
        : null;
  return <FormTextField {...props} errorText={text} />;
}
