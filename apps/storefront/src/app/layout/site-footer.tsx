import { useSellerConfig } from '@/config/seller-config';
import styles from '@/app/layout/site-footer.module.css';

/** The seller's footer text (shopping §1: footer text is per seller). */
export function SiteFooter() {
  const { theme } = useSellerConfig();
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <p className={styles.text}>{theme.footer_text}</p>
      </div>
    </footer>
  );
}
