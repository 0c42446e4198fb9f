import type { PurchaserValues } from '@/features/checkout/model/purchaser-form';

/**
 * The wallet's payer fills a guest's purchaser fields that are still empty (decision 0022):
 * the name pair only when both names are empty (the last word is the last name), the e-mail
 * pair only when both e-mail fields are empty. What the buyer typed always wins.
 */
export function walletPurchaserFill(
  values: PurchaserValues,
  payer: { name: string | null; email: string | null },
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
  return fill;
}
