import { useStrings } from '@/ui/text/use-strings';
import { CHECKOUT_STRINGS } from '@/features/checkout/strings';
import { TextField } from '@/features/checkout/components/text-field';
import { AddressLookup } from '@/features/checkout/components/address-lookup';
import styles from '@/features/checkout/checkout.module.css';

/** The purchaser identity form (identity §3 "Purchaser identity"; §5; §6 guests only). */
export function PurchaserFields({ phoneCountry }: { phoneCountry: string }) {
  const t = useStrings(CHECKOUT_STRINGS);
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.srOnly}>{t('checkout.identity-section')}</legend>
      <div className={styles.pair}>
        <TextField name="first_name" autoComplete="given-name" required maxLength={100} />
        <TextField name="last_name" autoComplete="family-name" required maxLength={100} />
      </div>
      <TextField name="email" type="email" autoComplete="email" required maxLength={254} />
      <TextField name="email_confirm" type="email" autoComplete="email" required maxLength={254} />
      <TextField name="phone" type="tel" autoComplete="tel" maxLength={40} />
      <AddressLookup country={phoneCountry} />
      <TextField name="address" autoComplete="address-line1" maxLength={200} />
      <TextField name="address_more" autoComplete="address-line2" maxLength={200} />
      <div className={styles.pair}>
        <TextField name="city" autoComplete="address-level2" maxLength={100} />
        <TextField name="state" autoComplete="address-level1" maxLength={100} />
      </div>
      <div className={styles.pair}>
        <TextField name="country" autoComplete="country" maxLength={2} />
        <TextField name="zip_code" autoComplete="postal-code" maxLength={20} />
      </div>
    </fieldset>
  );
}
