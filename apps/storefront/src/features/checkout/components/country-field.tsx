import { useId } from 'react';
import { useFormContext } from 'react-hook-form';
import { useSellerConfig } from '@/config/seller-config';
import { useStrings } from '@/ui/text/use-strings';
import { CHECKOUT_STRINGS } from '@/features/checkout/strings';
import type { CheckoutStringKey } from '@/features/checkout/strings';
import { countryName, countryOptions } from '@/ui/country/countries';
import type { PurchaserValues } from '@/features/checkout/model/purchaser-form';
import styles from '@/features/checkout/checkout.module.css';

export interface CountryFieldProps {
  required?: boolean | undefined;
  disabled?: boolean | undefined;
  readOnly?: boolean | undefined;
}

/**
 * The purchaser's country as a list of names (issue #13: free text let anything through). A
 * country the seller locks (identity §5: disabled or read-only, shown, not sent) stays a text
 * field, since a select cannot be read-only.
 */
export function CountryField({ required, disabled, readOnly }: CountryFieldProps) {
  const t = useStrings(CHECKOUT_STRINGS);
  const id = useId();
  const { locale } = useSellerConfig();
  const { register, formState, watch } = useFormContext<PurchaserValues>();
  if (disabled || readOnly) {
    // the seller's country is shown by its name ("United Kingdom", not "GB"); locked, so not sent
    return (
      <div className={styles.field}>
        <label htmlFor={id}>{t('checkout.country')}</label>
        <input
          id={id}
          type="text"
          autoComplete="off"
          disabled={disabled || undefined}
          readOnly={readOnly || undefined}
          value={countryName(watch('country') ?? '', locale)}
        />
      </div>
    );
  }
  const error = formState.errors.country?.message as CheckoutStringKey | undefined;
  const value = (watch('country') ?? '').toUpperCase();
  const options = countryOptions(locale);
  return (
    <div className={styles.field}>
      <label htmlFor={id}>
        {t('checkout.country')}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      <select
        id={id}
        autoComplete="country"
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...register('country', { setValueAs: (v: string) => v.toUpperCase() })}
      >
        <option value="">{t('checkout.country.none')}</option>
        {/* a value set by the address service but unknown here still shows */}
        {value && !options.some((o) => o.code === value) && <option value={value}>{value}</option>}
        {options.map((o) => (
          <option key={o.code} value={o.code}>
            {o.name}
          </option>
        ))}
      </select>
      {error && (
        <p id={`${id}-error`} className={styles.fieldError}>
          {t(error)}
        </p>
      )}
    </div>
  );
}
