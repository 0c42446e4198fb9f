import { useSellerConfig } from '@/config/seller-config';

/** Wire money is a decimal string ("25.00"); Intl renders it in the seller's currency and locale. */
export function formatMoney(decimalString: string, currency: string, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(
    Number(decimalString),
  );
}

export function Price({ amount, className }: { amount: string; className?: string }) {
  const { currency, locale } = useSellerConfig();
  return <span className={className}>{formatMoney(amount, currency, locale)}</span>;
}
