import { useEffect, useRef, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import type { ConfigurableIdentityField, PaymentMethodKind } from '@admit/contracts/seller-config';
import { useSellerConfig } from '@/config/seller-config';
import { Button } from '@/ui/button';
import { useStrings } from '@/ui/text/use-strings';
import { CHECKOUT_STRINGS } from '@/features/checkout/strings';
import { TextField } from '@/features/checkout/components/text-field';
import { AddressLookup } from '@/features/checkout/components/address-lookup';
import { CountryField } from '@/features/checkout/components/country-field';
import { addressLabelKey } from '@/features/checkout/model/address-labels';
import { isLocked, requiredFieldsFor } from '@/features/checkout/model/identity-fields';
import type { IdentityFieldRules } from '@/features/checkout/model/identity-fields';
import type { PurchaserValues } from '@/features/checkout/model/purchaser-form';
import styles from '@/features/checkout/checkout.module.css';

export interface PurchaserFieldsProps {
  phoneCountry: string;
  fields: { rules: IdentityFieldRules; method: PaymentMethodKind };
}

/** The optional contact fields a guest reaches through "Add a phone number and address". */
const CONTACT_FIELDS = ['phone', 'address', 'address_more', 'city', 'state', 'country'] as const;

/**
 * Whether the phone and address fields show without being asked for: the seller requires or
 * locks one of them, one has a value (typed before, filled by a wallet or an address), or the
 * seller offers an address lookup. Otherwise they wait behind one button (decision 0031).
 */
function useContactFieldsShown(
  rules: IdentityFieldRules,
  required: ReadonlySet<ConfigurableIdentityField>,
): [boolean, () => void] {
  const { control, setFocus } = useFormContext<PurchaserValues>();
  const values = useWatch({ control, name: CONTACT_FIELDS });
  const lookup = useSellerConfig().address_lookup;
  const [asked, setAsked] = useState(false);
  const focusPhone = useRef(false);
  const needed = CONTACT_FIELDS.some((name) => required.has(name) || isLocked(rules[name]));
  const shown = asked || needed || lookup || values.some((value) => value?.trim());
  useEffect(() => {
    if (!shown || !focusPhone.current) return;
    focusPhone.current = false;
    setFocus('phone');
  }, [shown, setFocus]);
  return [
    shown,
    () => {
      focusPhone.current = true;
      setAsked(true);
    },
  ];
}

/**
 * The purchaser identity form (identity §3 "Purchaser identity"; §5; §6 guests only). The
 * seller's rules mark fields required for the way of paying shown, and lock fields (disabled or
 * read-only, shown with the seller's value, not sent). The ZIP is always asked: it is also the
 * card's billing postcode (decision 0031).
 */
export function PurchaserFields({ phoneCountry, fields }: PurchaserFieldsProps) {
  const t = useStrings(CHECKOUT_STRINGS);
  const required = new Set(requiredFieldsFor(fields.rules, fields.method));
  const rule = (name: ConfigurableIdentityField) => ({
    required: required.has(name),
    disabled: fields.rules[name]?.disabled,
    readOnly: !fields.rules[name]?.disabled && isLocked(fields.rules[name]),
  });
  const [contactShown, showContact] = useContactFieldsShown(fields.rules, required);
  // the address labels read in the buyer's country, else the seller's (issue #25)
  const { control } = useFormContext<PurchaserValues>();
  const country = useWatch({ control, name: 'country' });
  const addressCountry = country?.trim() || phoneCountry;
  // one of the seller-configurable fields, with its rule
  const configurable = (
    name: ConfigurableIdentityField,
    autoComplete: string,
    maxLength: number,
    type?: 'tel',
  ) => (
    <TextField
      name={name}
      label={
        name === 'zip_code' || name === 'state' ? addressLabelKey(name, addressCountry) : undefined
      }
      type={type}
      autoComplete={autoComplete}
      maxLength={maxLength}
      {...rule(name)}
    />
  );
  const zip = configurable('zip_code', 'postal-code', 20);
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.srOnly}>{t('checkout.identity-section')}</legend>
      <div className={styles.pair}>
        <TextField name="first_name" autoComplete="given-name" required maxLength={100} />
        <TextField name="last_name" autoComplete="family-name" required maxLength={100} />
      </div>
      <TextField name="email" type="email" autoComplete="email" required maxLength={254} />
      <TextField name="email_confirm" type="email" autoComplete="email" required maxLength={254} />
      {!contactShown ? (
        <>
          {zip}
          <Button variant="link" onClick={showContact} className={styles.linkAtStart}>
            {t('checkout.add-contact-details')}
          </Button>
        </>
      ) : (
        <>
          {configurable('phone', 'tel', 40, 'tel')}
          <AddressLookup country={phoneCountry} />
          {configurable('address', 'address-line1', 200)}
          {configurable('address_more', 'address-line2', 200)}
          <div className={styles.pair}>
            {configurable('city', 'address-level2', 100)}
            {configurable('state', 'address-level1', 100)}
          </div>
          <div className={styles.pair}>
            <CountryField {...rule('country')} />
            {zip}
          </div>
        </>
      )}
    </fieldset>
  );
}
