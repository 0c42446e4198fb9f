import { useId } from 'react';
import { useFormContext } from 'react-hook-form';
import { useStrings } from '@/ui/text/use-strings';
import { CHECKOUT_STRINGS } from '@/features/checkout/strings';
import type { CheckoutStringKey } from '@/features/checkout/strings';
import type { PurchaserField, PurchaserValues } from '@/features/checkout/model/purchaser-form';
import styles from '@/features/checkout/checkout.module.css';

export interface TextFieldProps {
  name: PurchaserField;
  type?: 'text' | 'email' | 'tel';
  autoComplete: string;
  required?: boolean;
  maxLength?: number;
  /** locked by the seller (identity §5): shown, not editable, not sent */
  disabled?: boolean | undefined;
  readOnly?: boolean | undefined;
  /** the label's key when it is not `checkout.{name}` (an address label of the buyer's country) */
  label?: CheckoutStringKey | undefined;
}

/** One labelled purchaser field; its error is a catalogue key set by the form schema. */
export function TextField({
  name,
  type = 'text',
  autoComplete,
  required,
  maxLength,
  disabled,
  readOnly,
  label,
}: TextFieldProps) {
  const t = useStrings(CHECKOUT_STRINGS);
  const id = useId();
  const { register, formState } = useFormContext<PurchaserValues>();
  const error = formState.errors[name]?.message as CheckoutStringKey | undefined;
  return (
    <div className={styles.field}>
      <label htmlFor={id}>
        {t(label ?? (`checkout.${name}` as CheckoutStringKey))}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      <input
        id={id}
        type={type}
        autoComplete={autoComplete}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        maxLength={maxLength}
        disabled={disabled || undefined}
        readOnly={readOnly || undefined}
        {...register(name)}
      />
      {error && (
        <p id={`${id}-error`} className={styles.fieldError}>
          {t(error, { max: maxLength ?? '' })}
        </p>
      )}
    </div>
  );
}
