import { useEffect, useId, useRef } from 'react';
import type { ComponentType, FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { SavedPaymentMethod } from '@admit/contracts/saved-payment-method';
import { ApiError } from '@/api/client';
import { Button } from '@/ui/button';
import { useStrings } from '@/ui/text/use-strings';
import { replaceSavedCard } from '@/features/account/api/replace-saved-card';
import type { CardEntry, CardEntryProps } from '@/features/account/model/card-entry';
import { ACCOUNT_STRINGS } from '@/features/account/strings';
import styles from '@/features/account/account.module.css';

/**
 * The card provider's own words for a refused card (identity §8 "Card provider error"): our
 * API's answer in the `stripe` context (a decline, a wrong number), or the provider script's
 * error (checkout's CardProviderError, known here by name: features do not import each other).
 */
function providerWordsOf(error: unknown): string | null {
  if (error instanceof ApiError) {
    return error.context === 'stripe' && error.status < 500 ? error.description : null;
  }
  return error instanceof Error && error.name === 'CardProviderError' && error.message
    ? error.message
    : null;
}

export interface ReplaceCardFormProps {
  CardInput: ComponentType<CardEntryProps>;
  onSaved: (card: SavedPaymentMethod) => void;
  onCancel: () => void;
}

/** "Replace card" (decision 0067): the checkout's card fields, saved without a payment. */
export function ReplaceCardForm({ CardInput, onSaved, onCancel }: ReplaceCardFormProps) {
  const t = useStrings(ACCOUNT_STRINGS);
  const id = useId();
  const entry = useRef<CardEntry | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // the form opened from its button: the keyboard continues inside it
  useEffect(() => heading.current?.focus(), []);
  const save = useMutation({
    mutationFn: () => replaceSavedCard(entry.current!),
    onSuccess: onSaved,
    // a refused token is not sent again; after a lost answer the same one is
    onError: (error) => {
      if (!(error instanceof ApiError) || error.status < 500) entry.current?.forget();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending || !entry.current) return;
    save.reset();
    if (entry.current.validate()) save.mutate();
  };
  const provider = save.isError ? providerWordsOf(save.error) : null;
  return (
    <form onSubmit={submit} aria-labelledby={`${id}-title`} noValidate className={styles.resend}>
      <h3 id={`${id}-title`} ref={heading} tabIndex={-1}>
        {t('account.saved_card.form_title')}
      </h3>
      <CardInput inputRef={entry} />
      {save.isError && (
        <div role="alert" className={styles.error}>
          <p>{t('account.saved_card.not_saved')}</p>
          <p>{provider ?? t('account.saved_card.failed')}</p>
        </div>
      )}
      <div className={styles.actions}>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t('account.saved_card.saving') : t('account.saved_card.save')}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={save.isPending}>
          {t('account.saved_card.cancel')}
        </Button>
      </div>
    </form>
  );
}
