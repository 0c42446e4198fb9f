import { useSellerConfig } from '@/config/seller-config';
import { useStrings } from '@/ui/text/use-strings';
import { LAYOUT_STRINGS } from '@/app/layout/strings';
import styles from '@/app/layout/test-mode-banner.module.css';

/**
 * Shown on every page while the seller takes payments with the test card gateway (the seller
 * config's `test_mode`; a production server refuses the sandbox without it — decision 0025).
 */
export function TestModeBanner() {
  const t = useStrings(LAYOUT_STRINGS);
  if (!useSellerConfig().test_mode) return null;
  return (
    <div role="note" aria-label={t('layout.test-mode.label')} className={styles.banner}>
      {t('layout.test-mode')}
    </div>
  );
}
