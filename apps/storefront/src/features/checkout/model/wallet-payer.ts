import type { UseFormReturn } from 'react-hook-form';
import type { WalletPayment } from '@/features/checkout/model/card-input';
import type { PurchaserValues } from '@/features/checkout/model/purchaser-form';

/**
 * The wallet's payer fills a guest's purchaser fields that are still empty (decision 0022):
 * the name pair only when both names are empty (the last word is the last name), the e-mail
 * pair only when both e-mail fields are empty, the postcode when empty (a seller may require
 * it for wallet payments, decision 0019). What the buyer typed always wins.
 */
export function walletPurchaserFill(
  values: PurchaserValues,
  payer: { name: string | null; email: string | null; postalCode?: string | null },
): Partial<PurchaserValues> {
  const fill: Partial<PurchaserValues> = {};
  const name = payer.name?.trim().replace(/\s+/g, ' ');
  if (name && !values.first_name.trim() && !values.last_name.trim()) {
    const cut = name.lastIndexOf(' ');
    fill.first_name = cut > 0 ? name.slice(0, cut) : name;
    fill.last_name = cut > 0 ? name.slice(cut + 1) : '';
  }
  const email = payer.email?.trim();
  if (email && !values.email.trim() && !values.email_confirm.trim()) {
    fill.email = email;
    fill.email_confirm = email;
  }
  const postalCode = payer.postalCode?.trim();
  if (postalCode && !values.zip_code.trim()) fill.zip_code = postalCode;
  return fill;
}

/** Writes the wallet payer's fill into a guest's checkout form. */
export function fillFromWallet(
  form: Pick<UseFormReturn<PurchaserValues>, 'getValues' | 'setValue'>,
  wallet: WalletPayment,
): void {
  const payer = {
    name: wallet.payerName,
    email: wallet.payerEmail,
    postalCode: wallet.payerPostalCode,
  };
  for (const [field, value] of Object.entries(walletPurchaserFill(form.getValues(), payer))) {
    form.setValue(field as keyof PurchaserValues, value);
  }
}
