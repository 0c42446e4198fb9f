import type { ComponentType } from 'react';
import type { CartBundle } from '@admit/contracts/cart';
import { useSellerConfig } from '@/config/seller-config';
import { useStrings } from '@/ui/text/use-strings';
import { CHECKOUT_STRINGS } from '@/features/checkout/strings';
import type { GiftCardSlotProps } from '@/features/checkout/components/payment-section';
import { ScheduleSection } from '@/features/checkout/components/schedule-section';
import { PartialPaymentOptions } from '@/features/checkout/components/partial-payment-options';
import { ExistingCartPayment } from '@/features/checkout/components/existing-cart-payment';
import { usePartialPayment } from '@/features/checkout/use-partial-payment';
import { useBalancePayer } from '@/features/checkout/use-balance-payment';

/**
 * /checkout/{cartId} for an order that still has a balance (identity §2 "Checkout": a route
 * param loads "an existing order for payment"; decision 0021): the order number, the schedule
 * and the partial payment options above the existing-order payment screen.
 */
export function BalanceCheckout({
  bundle,
  GiftCard,
}: {
  bundle: CartBundle;
  GiftCard?: ComponentType<GiftCardSlotProps> | undefined;
}) {
  const t = useStrings(CHECKOUT_STRINGS);
  const config = useSellerConfig();
  const order = bundle.ticket_order?._data[0];
  const currency = bundle.cart_fees._data[0]?.currency_code ?? config.currency;
  const partialPayment = usePartialPayment(bundle, true);
  const payer = useBalancePayer(bundle);
  return (
    <ExistingCartPayment
      bundle={bundle}
      title={t('checkout.balance.title')}
      intro={
        <>
          {order && <p>{t('checkout.balance.order', { number: order.order_number })}</p>}
          <ScheduleSection bundle={bundle} outstanding={partialPayment.outstanding} />
        </>
      }
      amountChoice={<PartialPaymentOptions partial={partialPayment} currency={currency} />}
      minor={partialPayment.minor}
      outstandingBefore={partialPayment.outstanding}
      payer={payer}
      GiftCard={GiftCard}
    />
  );
}
