import type { ComponentType } from 'react';
import type { CartBundle } from '@admit/contracts/cart';
import type { PayResult } from '@/api/checkout/pay-cart';
import { Price } from '@/ui/price';
import { useStrings } from '@/ui/text/use-strings';
import { CHECKOUT_STRINGS } from '@/features/checkout/strings';
import { CardFields } from '@/features/checkout/components/card-fields';
import type { CardErrors, CardValues } from '@/features/checkout/model/card-form';
import styles from '@/features/checkout/checkout.module.css';

export interface GiftCardSlotProps {
  bundle: CartBundle;
  onPaid: (result: PayResult) => void;
}

export interface PaymentSectionProps {
  bundle: CartBundle;
  amount: string;
  free: boolean;
  supported: boolean;
  card: CardValues;
  cardErrors: CardErrors;
  onCardChange: (card: CardValues) => void;
  partial: { paid: string; next: string } | null;
  GiftCard?: ComponentType<GiftCardSlotProps>;
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
          <p>{t('checkout.partial-next', { amount: partial.next })}</p>
        </div>
      )}
      <p>
        {t('checkout.amount-due')}: <Price amount={props.amount} />
      </p>
      {free ? (
        <p className={styles.note}>{t('checkout.free')}</p>
      ) : (
        <>
          {GiftCard && <GiftCard bundle={bundle} onPaid={props.onPaid} />}
          {supported ? (
            <CardFields
              values={props.card}
              errors={props.cardErrors}
              onChange={props.onCardChange}
            />
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
