import { useId, useMemo, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { Button } from '@/ui/button';
import { useSellerConfig } from '@/ui/config/seller-config';
import { useStrings } from '@/ui/text/use-strings';
import { CHECKOUT_STRINGS } from '@/features/checkout/strings';
import {
  createAddressService,
  isAddressLookupAvailable,
} from '@/features/checkout/model/address-service';
import type { AddressSuggestion } from '@/features/checkout/model/address-service';
import type { PurchaserValues } from '@/features/checkout/model/purchaser-form';
import styles from '@/features/checkout/checkout.module.css';

/**
 * "Find your address" over the address service (identity §7). Without a key nothing shows
 * (manual entry); any failure falls back to manual entry with a note (identity §8).
 */
export function AddressLookup({ country }: { country: string }) {
  const t = useStrings(CHECKOUT_STRINGS);
  const id = useId();
  const key = useSellerConfig().address_service_key;
  const service = useMemo(() => createAddressService(key), [key]);
  const { setValue } = useFormContext<PurchaserValues>();
  const [text, setText] = useState('');
  const [suggestions, setSuggestions] = useState<AddressSuggestion[]>([]);
  const [failed, setFailed] = useState(false);
  if (!isAddressLookupAvailable(key)) return null;
  if (failed) return <p className={styles.note}>{t('checkout.address-unavailable')}</p>;

  const find = async () => {
    try {
      setSuggestions(await service.find(text.trim(), country));
    } catch {
      setFailed(true);
    }
  };
  const choose = async (suggestion: AddressSuggestion) => {
    try {
      const fields = await service.retrieve(suggestion.id);
      for (const [name, value] of Object.entries(fields)) {
        setValue(name as keyof typeof fields, value, { shouldValidate: true });
      }
      setSuggestions([]);
    } catch {
      setFailed(true);
    }
  };

  return (
    <div className={styles.field}>
      <label htmlFor={id}>{t('checkout.address-find')}</label>
      <div className={styles.row}>
        <input id={id} value={text} onChange={(e) => setText(e.target.value)} autoComplete="off" />
        <Button variant="secondary" onClick={() => void find()}>
          {t('checkout.address-find-button')}
        </Button>
      </div>
      {suggestions.length > 0 && (
        <ul className={styles.suggestions}>
          {suggestions.map((s) => (
            <li key={s.id}>
              <Button variant="link" onClick={() => void choose(s)}>
                {s.label}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
