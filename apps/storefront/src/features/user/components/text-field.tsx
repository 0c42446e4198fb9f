import { useStrings } from '@/ui/text/use-strings';
import { FormTextField, type FormTextFieldProps } from '@/ui/text-field';
import { USER_STRINGS } from '@/features/user/strings';
import type { UserStringKey } from '@/features/user/strings';

export interface TextFieldProps extends Omit<FormTextFieldProps, 'errorText'> {
  /** the zod issue message: a key of USER_STRINGS */
  errorKey?: string;
  vars?: Record<string, string | number>;
}

function isStringKey(key: string): key is UserStringKey {
  return key in USER_STRINGS;
}

/** The shared field with a user-flow error key turned into words. */
export function TextField({ errorKey, vars, ...props }: TextFieldProps) {
  const t = useStrings(USER_STRINGS);
  const text = errorKey
    ? isStringKey(errorKey)
      ? t(errorKey, vars)
      : t('user.error.unexpected')
    : null;
  return <FormTextField {...props} errorText={text} />;
}
