import { useId, useRef, useState } from 'react';
import type { ComponentType } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { SavedPaymentMethod } from '@admit/contracts/saved-payment-method';
import { Button } from '@/ui/button';
import { useStrings } from '@/ui/text/use-strings';
import { useAccountOwner } from '@/features/account/api/account-query-key';
import {
  savedPaymentMethodQueryOptions,
  useSavedPaymentMethod,
} from '@/features/account/api/get-saved-payment-method';
import type { CardEntryProps } from '@/features/account/model/card-entry';
import { ReplaceCardForm } from '@/features/account/components/replace-card-form';
import { ACCOUNT_STRINGS } from '@/features/account/strings';
import styles from '@/features/account/account.module.css';

/** "Visa" from the gateway's `visa`; a card the gateway did not name is a "Card". */
const brandName = (brand: string | null) =>
  brand ? brand.charAt(0).toUpperCase() + brand.slice(1) : null;

/** "12/2031", or null when the gateway gave no expiry. */
function expiryOf(card: SavedPaymentMethod): string | null {
  if (card.exp_month === null || card.exp_year === null) return null;
  return `${String(card.exp_month).padStart(2, '0')}/${card.exp_year}`;
}

export interface SavedCardProps {
  hasMembership: boolean;
  /** the card fields "Replace card" shows (the app plugs the checkout's in; decision 0067) */
  cardEntry?: ComponentType<CardEntryProps>;
  /** the section's heading: 2 on the account page, 3 under the modal's title */
  level?: 2 | 3;
}

/**
 * The member's saved card (identity §2 "Saved payment methods … load only if the user has a
 * membership", §7 GET my/identity/saved_payment_method): brand, last 4 digits and expiry — the
 * card auto-renew charges — and "Replace card" (decision 0067). Nothing when there is none, or
 * the read fails (the rest of the page stands).
 */
export function SavedCard({ hasMembership, cardEntry, level = 2 }: SavedCardProps) {
  const t = useStrings(ACCOUNT_STRINGS);
  const headingId = `${useId()}-saved-card`;
  const saved = useSavedPaymentMethod(hasMembership);
  const queryKey = savedPaymentMethodQueryOptions(useAccountOwner(), hasMembership).queryKey;
  const queryClient = useQueryClient();
  const [replacing, setReplacing] = useState(false);
  const [replaced, setReplaced] = useState(false);
  const actions = useRef<HTMLDivElement>(null);
  const card = saved.data ?? null;
  if (!card) return null;
  const expiry = expiryOf(card);
  // the keyboard goes back to the button the form was opened with
  const close = () => {
    setReplacing(false);
    requestAnimationFrame(() => actions.current?.querySelector('button')?.focus());
  };
  return (
    <section aria-labelledby={headingId} className={styles.savedCard}>
      {level === 3 ? (
        <h3 id={headingId}>{t('account.saved_card.title')}</h3>
      ) : (
        <h2 id={headingId}>{t('account.saved_card.title')}</h2>
      )}
      <p>
        {t('account.saved_card.card', {
          brand: brandName(card.brand) ?? t('account.saved_card.unnamed'),
          last4: card.last4 ?? '••••',
        })}
        {expiry && <> · {t('account.saved_card.expires', { expiry })}</>}
      </p>
      <p className={styles.note}>{t('account.saved_card.note')}</p>
      {replaced && !replacing && <p role="status">{t('account.saved_card.replaced')}</p>}
      {cardEntry &&
        (replacing ? (
          <ReplaceCardForm
            CardInput={cardEntry}
            onCancel={close}
            onSaved={(next) => {
              queryClient.setQueryData(queryKey, next);
              setReplaced(true);
              close();
            }}
          />
        ) : (
          <div ref={actions} className={styles.actions}>
            <Button
              variant="secondary"
              onClick={() => {
                setReplaced(false);
                setReplacing(true);
              }}
            >
              {t('account.saved_card.replace')}
            </Button>
          </div>
        ))}
    </section>
  );
}
