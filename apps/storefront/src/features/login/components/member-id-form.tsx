import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '@/ui/button';
import { useStrings } from '@/ui/text/use-strings';
import { login } from '@/features/login/api/login';
import { LOGIN_STRINGS } from '@/features/login/strings';
import type { LoginStringKey } from '@/features/login/strings';
import { useLoginFlowContext } from '@/features/login/login-flow-context';
import { FIELD_MAX, memberIdFields } from '@/features/login/model/login-fields';
import type { MemberIdFields, MemberIdMethod } from '@/features/login/model/login-fields';
import { memberIdLoginMessage } from '@/features/login/model/login-errors';
import type { LoginMessage } from '@/features/login/model/login-errors';
import { TextField } from '@/features/login/components/text-field';
import { FormMessage } from '@/features/login/components/form-message';
import styles from '@/features/login/login.module.css';

type SecondField = 'zip_code' | 'last_name' | 'email';

const SECOND_FIELD: Record<
  MemberIdMethod,
  {
    name: SecondField;
    label: LoginStringKey;
    autoComplete: string;
    inputMode?: 'numeric' | 'email';
  }
> = {
  member_id_zip: {
    name: 'zip_code',
    label: 'login.field.zip-code',
    autoComplete: 'postal-code',
    inputMode: 'numeric',
  },
  member_id_last_name: {
    name: 'last_name',
    label: 'login.field.last-name',
    autoComplete: 'family-name',
  },
  member_id_email: {
    name: 'email',
    label: 'login.field.email',
    autoComplete: 'email',
    inputMode: 'email',
  },
};

/**
 * The member-ID methods: member ID plus ZIP code (max 5), last name or e-mail (identity §2
 * Login). `initialMessage` carries a failed attempt from the address (identity §2 rule 5).
 */
export function MemberIdForm({
  method,
  idPrefix,
  initialMessage = null,
}: {
  method: MemberIdMethod;
  idPrefix: string;
  initialMessage?: LoginMessage | null;
}) {
  const t = useStrings(LOGIN_STRINGS);
  const { finish } = useLoginFlowContext();
  const [message, setMessage] = useState<LoginMessage | null>(initialMessage);
  const second = SECOND_FIELD[method];
  const { register, handleSubmit, formState } = useForm<MemberIdFields>({
    // each method's schema has one of the optional fields of MemberIdFields as required
    resolver: zodResolver(memberIdFields[method]) as unknown as Resolver<MemberIdFields>,
    defaultValues: { member_code: '', [second.name]: '' },
  });
  // the handler settles its own errors (the form shows them); React drops a returned promise
  const onSubmit = handleSubmit(async (fields) => {
    setMessage(null);
    try {
      await finish((cartId) =>
        login({
          // spec: identity §2 Login — the member ID goes as `scan_code`: the member card's code,
          // typed or scanned (decision 0077)
          scan_code: fields.member_code,
          [second.name]: fields[second.name],
          cart_id: cartId,
        }),
      );
    } catch (error) {
      setMessage(memberIdLoginMessage(error, method));
    }
  });
  return (
    <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
      <FormMessage message={message} />
      <TextField
        id={`${idPrefix}-member-code`}
        label={t('login.field.member-code')}
        autoComplete="username"
        maxLength={FIELD_MAX.member_code}
        registration={register('member_code')}
        error={formState.errors.member_code}
      />
      <TextField
        id={`${idPrefix}-${second.name}`}
        label={t(second.label)}
        autoComplete={second.autoComplete}
        inputMode={second.inputMode}
        type={second.name === 'email' ? 'email' : 'text'}
        maxLength={FIELD_MAX[second.name]}
        registration={register(second.name)}
        error={formState.errors[second.name]}
      />
      <Button type="submit" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? t('login.submitting') : t('login.submit')}
      </Button>
    </form>
  );
}
