import type { SavedPaymentMethod } from '@admit/contracts/saved-payment-method';
import { useStrings } from '@/ui/text/use-strings';
import { useSavedPaymentMethod } from '@/features/account/api/get-saved-payment-method';
import { ACCOUNT_STRINGS } from '@/features/account/strings';
import styles from '@/features/account/account.module.css';

/** "Visa" from the gateway's `visa`; a card the gateway did not name is a "Card". */
const brandName = (brand: string | null) =>
  brand ? brand.charAt(0).toUpperCase() + brand.slice(1) : null;

/** "12/2031", or null when the gateway gave no expiry. */
function expiryOf(card: SavedPaymentMethod): string | null {
  if (card.exp_month === null || card.exp_year === null) return null;
  return `${String(card.exp_month).padStart(2, '0')}/${card.exp_year}`;
}

/**
 * The member's saved card (identity §2 "Saved payment methods … load only if the user has a
 * membership", §7 GET my/identity/saved_payment_method): brand, last 4 digits and expiry — the
 * card auto-renew charges. Nothing when there is none, or the read fails (the rest of the page
 * stands).
 */
export function SavedCard({ hasMembership }: { hasMembership: boolean }) {
  const t = useStrings(ACCOUNT_STRINGS);
  const saved = useSavedPaymentMethod(hasMembership);
  const card = saved.data ?? null;
  if (!card) return null;
  const expiry = expiryOf(card);
  return (
    <section aria-labelledby="saved-card-heading" className={styles.savedCard}>
      <h2 id="saved-card-heading">{t('account.saved_card.title')}</h2>
      <p>
        {t('account.saved_card.card', {
          brand: brandName(card.brand) ?? t('account.saved_card.unnamed'),
          last4: card.last4 ?? '••••',
        })}
        {expiry && <> · {t('account.saved_card.expires', { expiry })}</>}
      </p>
      <p className={styles.note}>{t('account.saved_card.note')}</p>
    </section>
  );
}
