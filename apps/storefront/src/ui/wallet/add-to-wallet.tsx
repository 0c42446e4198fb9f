import { useStrings } from '@/ui/text/use-strings';
import { WALLET_STRINGS } from '@/ui/wallet/wallet-strings';
import styles from '@/ui/wallet/add-to-wallet.module.css';

export interface AddToWalletProps {
  /** the Apple Wallet pass (pkpass); null: not offered */
  appleHref: string | null;
  /** the Google Wallet save link (gwpass); null: not offered */
  googleHref: string | null;
  /** what the pass is of ("Adult #AB12"), for the links' names; absent: the plain texts */
  item?: string;
}

/**
 * Add-to-wallet buttons (identity §2: the ticket page, the session detail, my membership) as
 * plain links in the providers' style — text, not their badge artwork, which no package of the
 * npm registry ships (decision 0040). Nothing renders when neither provider is offered.
 */
export function AddToWallet({ appleHref, googleHref, item }: AddToWalletProps) {
  const t = useStrings(WALLET_STRINGS);
  if (!appleHref && !googleHref) return null;
  const name = (plain: 'wallet.apple' | 'wallet.google') =>
    item ? t(`${plain}_label`, { item }) : undefined;
  return (
    <div className={styles.buttons}>
      {appleHref && (
        <a className={styles.button} href={appleHref} aria-label={name('wallet.apple')}>
          {t('wallet.apple')}
        </a>
      )}
      {googleHref && (
        <a
          className={`${styles.button} ${styles.google}`}
          href={googleHref}
          aria-label={name('wallet.google')}
        >
          {t('wallet.google')}
        </a>
      )}
    </div>
  );
}
