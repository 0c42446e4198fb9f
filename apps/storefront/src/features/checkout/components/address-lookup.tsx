import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { Button } from '@/ui/button';
import { useSellerConfig } from '@/config/seller-config';
import { useStrings } from '@/ui/text/use-strings';
import { CHECKOUT_STRINGS } from '@/features/checkout/strings';
import {
  createAddressService,
  isAddressLookupAvailable,
} from '@/features/checkout/model/address-service';
import type { AddressSuggestion } from '@/features/checkout/model/address-service';
import type { PurchaserValues } from '@/features/checkout/model/purchaser-form';
import styles from '@/features/checkout/checkout.module.css';

const ADDRESS_FIELDS = ['address', 'address_more', 'city', 'state', 'country', 'zip_code'] as const;

/**
 * "Find your address" over the address service (identity §7). Without `address_lookup` in the
 * seller config nothing shows (manual entry); any failure falls back to manual entry with a
 * note (identity §8). A container suggestion (a postcode, a street) lists its addresses; an
 * address fills the fields. The results are a list of buttons, announced in a status line.
 */
export function AddressLookup({ country }: { country: string }) {
  const t = useStrings(CHECKOUT_STRINGS);
  const id = useId();
  const configured = useSellerConfig().address_lookup;
  const service = useMemo(() => createAddressService(configured), [configured]);
  const { setValue, setFocus, control } = useFormContext<PurchaserValues>();
  const typedCountry = useWatch({ control, name: 'country' });
  const [text, setText] = useState('');
  const [suggestions, setSuggestions] = useState<AddressSuggestion[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const listRef = useRef<HTMLUListElement>(null);
  const focusList = useRef(false);

  useEffect(() => {
    // after opening a container the chosen button is gone: keep the keyboard in the new list
    if (!focusList.current || !suggestions) return;
    focusList.current = false;
    listRef.current?.querySelector('button')?.focus();
  }, [suggestions]);

  if (!isAddressLookupAvailable(configured)) return null;
  if (failed) return <p className={styles.note}>{t('checkout.address-unavailable')}</p>;

  const searchCountry = (
    /^[A-Za-z]{2}$/.test(typedCountry ?? '') ? typedCountry : country
  ).toUpperCase();
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  const find = (container?: AddressSuggestion) =>
    run(async () => {
      const found = await service.find(text.trim(), searchCountry, container?.id);
      focusList.current = Boolean(container) && found.length > 0;
      setSuggestions(found);
    });
  const choose = (suggestion: AddressSuggestion) => {
    if (suggestion.type === 'container') return find(suggestion);
    return run(async () => {
      const fields = await service.retrieve(suggestion.id);
      for (const name of ADDRESS_FIELDS) {
        setValue(name, fields[name], { shouldValidate: true, shouldDirty: true });
      }
      setSuggestions(null);
      setFocus('address');
    });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter searches instead of submitting the checkout form around this field
    if (event.key !== 'Enter') return;
    event.preventDefault();
    if (text.trim() !== '') void find();
  };

  return (
    <div className={styles.field}>
      <label htmlFor={id}>{t('checkout.address-find')}</label>
      <div className={styles.row}>
        <input
          id={id}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          autoComplete="off"
          maxLength={100}
        />
        <Button
          variant="secondary"
          disabled={busy || text.trim() === ''}
          onClick={() => void find()}
        >
          {t('checkout.address-find-button')}
        </Button>
      </div>
      <p role="status" className={suggestions?.length === 0 ? styles.note : styles.srOnly}>
        {suggestions === null
          ? ''
          : suggestions.length === 0
            ? t('checkout.address-none')
            : t('checkout.address-results', { count: suggestions.length })}
      </p>
      {suggestions && suggestions.length > 0 && (
        <ul
          ref={listRef}
          className={styles.suggestions}
          aria-label={t('checkout.address-suggestions')}
        >
          {suggestions.map((s) => (
            <li key={s.id}>
              <Button variant="link" disabled={busy} onClick={() => void choose(s)}>
                {s.label}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
