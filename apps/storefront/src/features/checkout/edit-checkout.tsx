import type { ComponentType, ReactNode } from 'react';
import type { CartBundle } from '@admit/contracts/cart';
import { useStrings } from '@/ui/text/use-strings';
import { CHECKOUT_STRINGS } from '@/features/checkout/strings';
import type { GiftCardSlotProps } from '@/features/checkout/components/payment-section';
import { ExistingCartPayment } from '@/features/checkout/components/existing-cart-payment';
import { BalanceFooter } from '@/features/checkout/components/balance-footer';
import { PayStateProvider } from '@/features/checkout/pay-state';
import { outstandingMinor, toMoney } from '@/features/checkout/model/checkout-view';
import type { ExistingCartPayer } from '@/features/checkout/use-existing-cart-payment';
import styles from '@/features/checkout/checkout.module.css';

/**
 * The checkout screen for an order edit's difference (identity §2 /manage/{orderId}/confirm:
 * "confirm reuses the checkout screen"; decision 0039): the app plugs it into the manage
 * feature's confirm page with the gift card slot. The manage feature gives the edit's cart, what
 * the change is, and the payer (POST ticket_order/{id}/edit/pay; back to /manage/{orderId}).
 */
export function EditCheckout({
  bundle,
  summary,
  payer,
  GiftCard,
}: {
  bundle: CartBundle;
  summary: ReactNode;
  payer: ExistingCartPayer;
  GiftCard?: ComponentType<GiftCardSlotProps>;
}) {
  const t = useStrings(CHECKOUT_STRINGS);
  const minor = outstandingMinor(bundle);
  return (
    <PayStateProvider>
      <div className={styles.page}>
        <ExistingCartPayment
          bundle={bundle}
          title={t('checkout.edit.title')}
          intro={summary}
          minor={minor}
          outstandingBefore={minor}
          payer={payer}
          GiftCard={GiftCard}
        />
        <BalanceFooter outstanding={toMoney(minor)} label={t('checkout.amount-due')} />
      </div>
    </PayStateProvider>
  );
}
