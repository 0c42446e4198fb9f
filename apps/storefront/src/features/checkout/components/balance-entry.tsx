import type { ComponentType, ReactNode } from 'react';
import { Loader } from '@/ui/loader';
import { useStrings } from '@/ui/text/use-strings';
import { CHECKOUT_STRINGS } from '@/features/checkout/strings';
import { BalanceCheckout } from '@/features/checkout/components/balance-checkout';
import { BalanceFooter } from '@/features/checkout/components/balance-footer';
import type { GiftCardSlotProps } from '@/features/checkout/components/payment-section';
import { PayStateProvider } from '@/features/checkout/pay-state';
import { hasBalance, useBalanceCart } from '@/features/checkout/use-balance-cart';
import styles from '@/features/checkout/checkout.module.css';

/**
 * A cart the checkout cannot use as a pending cart: when opened by its address and it is an
 * order's cart with a balance, the balance is paid here (decision 0021); otherwise `children`
 * (the gone-cart rules) decide where to go. `GiftCard` is the app's gift card slot.
 */
export function BalanceEntry({
  cartId,
  fromRoute,
  GiftCard,
  children,
}: {
  cartId: string;
  fromRoute: boolean;
  GiftCard?: ComponentType<GiftCardSlotProps>;
  children: ReactNode;
}) {
  const t = useStrings(CHECKOUT_STRINGS);
  const query = useBalanceCart(cartId, fromRoute);
  if (!fromRoute) return children;
  if (query.isPending) return <Loader label={t('checkout.loading')} />;
  if (!query.data || !hasBalance(query.data)) return children;
  const outstanding = query.data.cart_fees._data[0]?.grand_totals.total_outstanding ?? '0.00';
  return (
    <PayStateProvider>
      <div className={styles.page}>
        <BalanceCheckout bundle={query.data} GiftCard={GiftCard} />
        <BalanceFooter outstanding={outstanding} />
      </div>
    </PayStateProvider>
  );
}
