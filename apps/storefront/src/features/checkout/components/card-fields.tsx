import { useId } from 'react';
import { useStrings } from '@/ui/text/use-strings';
import { CHECKOUT_STRINGS } from '@/features/checkout/strings';
import { formatExpiryInput } from '@/features/checkout/model/card-form';
import type { CardErrors, CardValues } from '@/features/checkout/model/card-form';
import styles from '@/features/checkout/checkout.module.css';

const FIELDS: {
  name: keyof CardValues;
  label: keyof typeof CHECKOUT_STRINGS;
  autoComplete: string;
  inputMode: 'numeric' | 'text';
}[] = [
  {
    name: 'number',
    label: 'checkout.card.number',
    autoComplete: 'cc-number',
    inputMode: 'numeric',
  },
  { name: 'expiry', label: 'checkout.card.expiry', autoComplete: 'cc-exp', inputMode: 'numeric' },
  { name: 'cvc', label: 'checkout.card.cvc', autoComplete: 'cc-csc', inputMode: 'numeric' },
  { name: 'zip', label: 'checkout.card.zip', autoComplete: 'postal-code', inputMode: 'text' },
];

export interface CardFieldsProps {
  values: CardValues;
  errors: CardErrors;
  onChange: (values: CardValues) => void;
  /** false when the purchaser form asks the ZIP (decision 0031) */
  askZip: boolean;
}

/** The sandbox gateway's card fields (number, expiry, CVC, ZIP); tokenized before paying. */
export function CardFields({ values, errors, onChange, askZip }: CardFieldsProps) {
  const t = useStrings(CHECKOUT_STRINGS);
  const id = useId();
  const fields = askZip ? FIELDS : FIELDS.filter((field) => field.name !== 'zip');
  return (
    <div className={styles.card}>
      {fields.map((field) => {
        const error = errors[field.name];
        const fieldId = `${id}-${field.name}`;
        return (
          <div key={field.name} className={styles.field}>
            <label htmlFor={fieldId}>{t(field.label)}</label>
            <input
              id={fieldId}
              name={`card_${field.name}`}
              autoComplete={field.autoComplete}
              inputMode={field.inputMode}
              value={values[field.name]}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${fieldId}-error` : undefined}
              onChange={(e) => {
                const value = e.target.value;
                onChange({
                  ...values,
                  [field.name]: field.name === 'expiry' ? formatExpiryInput(value) : value,
                });
              }}
            />
            {error && (
              <p id={`${fieldId}-error`} className={styles.fieldError}>
                {t(error)}
              </p>
            )}
          </div>
        );
      })}
    </div>
  );
}
