import type { ReactNode } from 'react';
import { Loader } from '@/ui/loader';
import { useStrings } from '@/ui/text/use-strings';
import { CHECKOUT_STRINGS } from '@/features/checkout/strings';
import { BalanceCheckout } from '@/features/checkout/components/balance-checkout';
import { hasBalance, useBalanceCart } from '@/features/checkout/use-balance-cart';
import styles from '@/features/checkout/checkout.module.css';

/**
 * A cart the checkout cannot use as a pending cart: when opened by its address and it is an
 * order's cart with a balance, the balance is paid here (decision 0021); otherwise `children`
 * (the gone-cart rules) decide where to go.
 */
export function BalanceEntry({
  cartId,
  fromRoute,
  children,
}: {
  cartId: string;
  fromRoute: boolean;
  children: ReactNode;
}) {
  const t = useStrings(CHECKOUT_STRINGS);
  const query = useBalanceCart(cartId, fromRoute);
  if (!fromRoute) return children;
  if (query.isPending) return <Loader label={t('checkout.loading')} />;
  if (!query.data || !hasBalance(query.data)) return children;
  return (
    <div className={styles.page}>
      <BalanceCheckout bundle={query.data} />
    </div>
  );
}
