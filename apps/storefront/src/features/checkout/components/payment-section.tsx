import type { ComponentType, ReactNode } from 'react';
import type { CartBundle } from '@admit/contracts/cart';
import type { PaymentEntry } from '@admit/contracts/checkout';
import type { PayEntry, PayResult } from '@/api/checkout/pay-cart';
import { Price } from '@/ui/price';
import { useStrings } from '@/ui/text/use-strings';
import { CHECKOUT_STRINGS } from '@/features/checkout/strings';
import { CardInputField } from '@/features/checkout/components/card-input-field';
import type { CardInputProps } from '@/features/checkout/model/card-input';
import styles from '@/features/checkout/checkout.module.css';

export interface GiftCardSlotProps {
  bundle: CartBundle;
  onPaid: (result: PayResult) => void;
  /** the most a gift card pays now (a balance payment's chosen amount); else the outstanding */
  limit?: string;
  /** how the gift card's payment is sent when not by the cart's pay call (an order edit) */
  pay?: PayEntry;
  /**
   * run when the gift card is chosen: what its payment carries besides the card (the checkout
   * questions' answers, decision 0064), or null when the form must be put right first
   */
  prepare?: GiftCardPrepare | undefined;
}

export type GiftCardPrepare = () => Promise<Pick<PaymentEntry, 'additional_info'> | null>;

export interface PaymentSectionProps {
  bundle: CartBundle;
  amount: string;
  free: boolean;
  supported: boolean;
  /** the card section (sandbox fields or Stripe; decision 0022); its wallet total is `amount` */
  cardInput: Omit<CardInputProps, 'amount'>;
  /** identity §4 partial result; `nextDue` names the next installment (decision 0021) */
  partial: { paid: string; next: string; nextDue?: { date: string; amount: string } | null } | null;
  /** the partial payment options, when the cart has scheduled payments */
  amountChoice?: ReactNode;
  GiftCard?: ComponentType<GiftCardSlotProps>;
  /** what the gift card may pay (balance mode: the chosen amount, decision 0021) */
  giftCardLimit?: string;
  /** how the gift card's payment is sent when not by the cart's pay call (an order edit) */
  giftCardPay?: PayEntry;
  giftCardPrepare?: GiftCardPrepare | undefined;
  onPaid: (result: PayResult) => void;
}

/** "Payment information" (identity §2): amount, gift card, card fields or the free note. */
export function PaymentSection(props: PaymentSectionProps) {
  const t = useStrings(CHECKOUT_STRINGS);
  const { bundle, free, supported, partial, GiftCard } = props;
  return (
    <section className={styles.section} aria-labelledby="checkout-payment-heading">
      <h2 id="checkout-payment-heading">{t('checkout.payment-section')}</h2>
      {partial && (
        <div role="status" className={styles.success}>
          <p>{t('checkout.partial-paid', { amount: partial.paid })}</p>
          <p>
            {partial.nextDue
              ? t('checkout.partial-next-due', partial.nextDue)
              : t('checkout.partial-next', { amount: partial.next })}
          </p>
        </div>
      )}
      {props.amountChoice}
      <p>
        {t('checkout.amount-due')}: <Price amount={props.amount} />
      </p>
      {free ? (
        <p className={styles.note}>
          {/* with partial options, nothing to pay now is a choice, not a free order */}
          {t(props.amountChoice ? 'checkout.partial.nothing-now' : 'checkout.free')}
        </p>
      ) : (
        <>
          {GiftCard && (
            <GiftCard
              bundle={bundle}
              onPaid={props.onPaid}
              limit={props.giftCardLimit}
              pay={props.giftCardPay}
              prepare={props.giftCardPrepare}
            />
          )}
          {supported ? (
            <CardInputField {...props.cardInput} amount={props.amount} />
          ) : (
            <p role="alert" className={styles.alert}>
              {t('checkout.error.unsupported-amount')}
            </p>
          )}
        </>
      )}
    </section>
  );
}
