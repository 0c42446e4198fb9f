import { formatMoney } from '@admit/contracts/money';
import { useSellerConfig } from '@/config/seller-config';

/** Wire money is a decimal string ("25.00"); shown in the seller's currency and locale. */
export function Price({ amount, className }: { amount: string; className?: string }) {
  const { currency, locale } = useSellerConfig();
  return <span className={className}>{formatMoney(amount, currency, locale)}</span>;
}
