import { useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { CartBundle } from '@admit/contracts/cart';
import type { PaymentEntry } from '@admit/contracts/checkout';
import { GIFT_CARD_NUMBER_MAX } from '@admit/contracts/constants';
import { getLedgerCard, GIFT_CARD_LEDGER } from '@/features/codes/api/get-ledger-card';
import { payCart } from '@/api/checkout/pay-cart';
import type { PayEntry, PayResult } from '@/api/checkout/pay-cart';
import { useAttemptKey } from '@/api/checkout/idempotency';
import { acceptCartBundle } from '@/api/cart/modify-cart';
import { Button } from '@/ui/button';
import { useModalStack } from '@/ui/modal-stack';
import { useStrings } from '@/ui/text/use-strings';
import { CODES_STRINGS } from '@/features/codes/strings';
import type { CodesStringKey } from '@/features/codes/strings';
import {
  giftCardAmount,
  giftCardErrorKey,
  isGiftCardApplied,
  isGiftCardEmpty,
} from '@/features/codes/model/gift-card';
import styles from '@/features/codes/codes.module.css';

export const GIFT_CARD_MODAL = 'gift-card';

interface GiftCardFormProps {
  bundle: CartBundle;
  onPaid: (result: PayResult) => void;
  limit?: string | undefined;
  pay?: PayEntry | undefined;
  /** what the payment carries besides the card (the checkout questions' answers) */
  extras: Pick<PaymentEntry, 'additional_info'>;
}

function GiftCardForm({ bundle, onPaid, limit, pay, extras }: GiftCardFormProps) {
  const t = useStrings(CODES_STRINGS);
  const queryClient = useQueryClient();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState('');
  const [error, setError] = useState<CodesStringKey | null>(null);
  const [busy, setBusy] = useState(false);
  // one key per card applied; a second click on the same card replays, never pays twice
  // one key per card number: a retry of the same card after no answer reuses it
  const attempt = useAttemptKey();

  const fail = (key: CodesStringKey) => {
    setError(key);
    setBusy(false);
    input.current?.focus();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const number = value.trim();
    // spec: shopping §5 — required, max 70
    if (!number) return fail('codes.error.required');
    if (number.length > GIFT_CARD_NUMBER_MAX) return fail('codes.gift-card.too-long');
    if (isGiftCardApplied(bundle, number)) return fail('codes.gift-card.duplicate');
    const cart = bundle.cart._data[0];
    const fees = bundle.cart_fees._data[0];
    if (!cart || !fees) return fail('codes.gift-card.trouble');
    setBusy(true);
    setError(null);
    try {
      const card = await getLedgerCard(queryClient, number);
      if (isGiftCardEmpty(card)) return fail('codes.gift-card.zero-balance');
      const key = attempt.keyFor(number);
      const entry = {
        amount: giftCardAmount(card, fees.grand_totals.total_outstanding, limit),
        gateway_id: 'ledger' as const,
        gateway_data: { ledger_type: GIFT_CARD_LEDGER, ledger_number: number },
        ...extras,
      };
      const result = pay
        ? await pay(entry, key)
        : await payCart(cart.id, entry, key, cart.ownedByPublicIdentity);
      // only a pending cart paid by its own call is the visitor's live cart; an order's cart
      // (balance) is not, nor an order edit (paid through the order: `pay`)
      if (!pay && result.kind === 'partial' && result.bundle.cart._data[0]?.state === 'pending') {
        acceptCartBundle(queryClient, result.bundle);
      }
      setBusy(false);
      onPaid(result);
    } catch (failure) {
      fail(giftCardErrorKey(failure));
    }
  };

  return (
    <form className={styles.form} onSubmit={(e) => void onSubmit(e)} noValidate>
      <label htmlFor={id}>{t('codes.gift-card.field')}</label>
      <div className={styles.row}>
        <input
          ref={input}
          id={id}
          name="gift_card"
          // the form is the dialog's: its one field takes the focus when it opens (issue 13)
          autoFocus
          autoComplete="off"
          inputMode="text"
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setValue(e.target.value)}
        />
        <Button type="submit" disabled={busy}>
          {busy ? t('codes.promo.applying') : t('codes.gift-card.apply')}
        </Button>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className={styles.error}>
          {t(error, { max: GIFT_CARD_NUMBER_MAX })}
        </p>
      )}
    </form>
  );
}

export interface GiftCardButtonProps {
  bundle: CartBundle;
  /** the checkout decides what a payment leads to (partial: stay; completed: the order page) */
  onPaid: (result: PayResult) => void;
  /** the most the card pays now (balance mode: the chosen amount); else the outstanding total */
  limit?: string | undefined;
  /** how the payment is sent when it is not the cart's own pay call (an order edit's) */
  pay?: PayEntry | undefined;
  /**
   * run when the button is pressed: what the payment carries besides the card (the checkout
   * questions' answers), or null when the page's form must be put right first (no dialog)
   */
  prepare?: (() => Promise<Pick<PaymentEntry, 'additional_info'> | null>) | undefined;
}

/** "Pay with a gift card" and its modal (shopping §2 "apply a gift card", §5, §8). */
export function GiftCardButton({ bundle, onPaid, limit, pay, prepare }: GiftCardButtonProps) {
  const t = useStrings(CODES_STRINGS);
  const { open, close } = useModalStack();
  const openModal = async () => {
    const extras = prepare ? await prepare() : {};
    if (extras === null) return;
    open({
      name: GIFT_CARD_MODAL,
      title: t('codes.gift-card.title'),
      closeLabel: t('codes.close'),
      content: () => (
        <GiftCardForm
          bundle={bundle}
          limit={limit}
          pay={pay}
          extras={extras}
          onPaid={(result) => {
            close(GIFT_CARD_MODAL);
            onPaid(result);
          }}
        />
      ),
    });
  };
  return (
    <Button variant="secondary" onClick={() => void openModal()}>
      {t('codes.gift-card.open')}
    </Button>
  );
}
