import type { ConfigurableIdentityField, PaymentMethodKind } from '@admit/contracts/seller-config';
import { useStrings } from '@/ui/text/use-strings';
import { CHECKOUT_STRINGS } from '@/features/checkout/strings';
import { TextField } from '@/features/checkout/components/text-field';
import { AddressLookup } from '@/features/checkout/components/address-lookup';
import { CountryField } from '@/features/checkout/components/country-field';
import { isLocked, requiredFieldsFor } from '@/features/checkout/model/identity-fields';
import type { IdentityFieldRules } from '@/features/checkout/model/identity-fields';
import styles from '@/features/checkout/checkout.module.css';

export interface PurchaserFieldsProps {
  phoneCountry: string;
  fields: { rules: IdentityFieldRules; method: PaymentMethodKind };
}

/**
 * The purchaser identity form (identity §3 "Purchaser identity"; §5; §6 guests only). The
 * seller's rules mark fields required for the way of paying shown, and lock fields (disabled or
 * read-only, shown with the seller's value, not sent).
 */
export function PurchaserFields({ phoneCountry, fields }: PurchaserFieldsProps) {
  const t = useStrings(CHECKOUT_STRINGS);
  const required = new Set(requiredFieldsFor(fields.rules, fields.method));
  const rule = (name: ConfigurableIdentityField) => ({
    required: required.has(name),
    disabled: fields.rules[name]?.disabled,
    readOnly: !fields.rules[name]?.disabled && isLocked(fields.rules[name]),
  });
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.srOnly}>{t('checkout.identity-section')}</legend>
      <div className={styles.pair}>
        <TextField name="first_name" autoComplete="given-name" required maxLength={100} />
        <TextField name="last_name" autoComplete="family-name" required maxLength={100} />
      </div>
      <TextField name="email" type="email" autoComplete="email" required maxLength={254} />
      <TextField name="email_confirm" type="email" autoComplete="email" required maxLength={254} />
      <TextField name="phone" type="tel" autoComplete="tel" maxLength={40} {...rule('phone')} />
      <AddressLookup country={phoneCountry} />
      <TextField name="address" autoComplete="address-line1" maxLength={200} {...rule('address')} />
      <TextField
        name="address_more"
        autoComplete="address-line2"
        maxLength={200}
        {...rule('address_more')}
      />
      <div className={styles.pair}>
        <TextField name="city" autoComplete="address-level2" maxLength={100} {...rule('city')} />
        <TextField name="state" autoComplete="address-level1" maxLength={100} {...rule('state')} />
      </div>
      <div className={styles.pair}>
        <CountryField {...rule('country')} />
        <TextField
          name="zip_code"
          autoComplete="postal-code"
          maxLength={20}
          {...rule('zip_code')}
        />
      </div>
    </fieldset>
  );
}
