import { useEffect, useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSellerConfig } from '@/config/seller-config';
import { Button } from '@/ui/button';
import { countryOptions } from '@/ui/country/countries';
import { defaultPhoneCountry } from '@/ui/country/phone-country';
import { FormTextField } from '@/ui/text-field';
import { useStrings } from '@/ui/text/use-strings';
import {
  profileFormSchema,
  profilePatchOf,
  type ProfileValues,
} from '@/features/account/model/profile-form';
import type { PatchUserBody } from '@admit/contracts/identity';
import type { AccountStringKey } from '@/features/account/strings';
import { ACCOUNT_STRINGS } from '@/features/account/strings';
import formStyles from '@/ui/form.module.css';
import styles from '@/features/account/account.module.css';

export interface ProfileFormProps {
  values: ProfileValues;
  pending: boolean;
  onSubmit: (body: PatchUserBody) => void;
}

type TextKey = 'phone' | 'address' | 'address_more' | 'city' | 'state' | 'zip_code';
const CONTACT: { name: TextKey; autoComplete: string; type?: string }[] = [
  { name: 'phone', autoComplete: 'tel', type: 'tel' },
  { name: 'address', autoComplete: 'address-line1' },
  { name: 'address_more', autoComplete: 'address-line2' },
  { name: 'city', autoComplete: 'address-level2' },
  { name: 'state', autoComplete: 'address-level1' },
  { name: 'zip_code', autoComplete: 'postal-code' },
];

/**
 * spec: identity §2 "My profile" — section 'Personal details': e-mail, first and last name
 * read-only (with the note to contact the seller), no 'Email confirm'; the contact fields and
 * 'Update details'. The form refills whenever the identity it was given changes.
 */
export function ProfileForm({ values, pending, onSubmit }: ProfileFormProps) {
  const t = useStrings(ACCOUNT_STRINGS);
  const id = useId();
  const { locale, default_phone_country: configured, currency } = useSellerConfig();
  const schema = useMemo(
    () => profileFormSchema(defaultPhoneCountry(configured, currency)),
    [configured, currency],
  );
  const { register, handleSubmit, reset, formState } = useForm<ProfileValues>({
    resolver: zodResolver(schema),
    defaultValues: values,
  });
  useEffect(() => reset(values), [reset, values]);
  const error = (name: keyof ProfileValues) => {
    const key = formState.errors[name]?.message as AccountStringKey | undefined;
    return key ? t(key) : null;
  };
  const readOnly = (name: 'email' | 'first_name' | 'last_name', autoComplete: string) => (
    <FormTextField
      id={`${id}-${name}`}
      label={t(`account.profile.${name}`)}
      registration={register(name)}
      autoComplete={autoComplete}
      readOnly
    />
  );
  return (
    <form
      className={formStyles.form}
      noValidate
      aria-labelledby={`${id}-section`}
      aria-busy={pending}
      // handleSubmit's promise settles after onSubmit, which reports its own errors
      onSubmit={(event) => void handleSubmit((form) => onSubmit(profilePatchOf(form)))(event)}
    >
      <h2 id={`${id}-section`}>{t('account.profile.section')}</h2>
      {readOnly('email', 'email')}
      {readOnly('first_name', 'given-name')}
      {readOnly('last_name', 'family-name')}
      <p className={styles.note}>{t('account.profile.name_note')}</p>
      {CONTACT.map((field) => (
        <FormTextField
          key={field.name}
          id={`${id}-${field.name}`}
          label={t(`account.profile.${field.name}`)}
          registration={register(field.name)}
          autoComplete={field.autoComplete}
          type={field.type}
          errorText={error(field.name)}
        />
      ))}
      <div className={formStyles.field}>
        <label htmlFor={`${id}-country`}>{t('account.profile.country')}</label>
        <select id={`${id}-country`} autoComplete="country" {...register('country')}>
          <option value="">{t('account.profile.country.none')}</option>
          {values.country && !countryOptions(locale).some((o) => o.code === values.country) && (
            <option value={values.country}>{values.country}</option>
          )}
          {countryOptions(locale).map((o) => (
            <option key={o.code} value={o.code}>
              {o.name}
            </option>
          ))}
        </select>
      </div>
      <div>
        <Button type="submit" disabled={pending}>
          {pending ? t('account.profile.saving') : t('account.profile.submit')}
        </Button>
      </div>
    </form>
  );
}
