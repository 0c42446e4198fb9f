import { ButtonLink } from '@/ui/button';
import { useStrings } from '@/ui/text/use-strings';
import { EVENT_STRINGS } from '@/features/event/strings';
import styles from '@/features/event/components/add-on-banner.module.css';

/**
 * The chained upsell's add-on banner (spec: shopping §2 "Event detail"): on an add-on's page
 * while the cart has items, a "skip add-on" link moves on to the next upsell or checkout
 * (`model/add-on-chain.ts`).
 */
export function AddOnBanner({ skipTo }: { skipTo: string }) {
  const t = useStrings(EVENT_STRINGS);
  return (
    <aside className={styles.banner} aria-label={t('event.add_on_banner_label')}>
      <p className={styles.text}>{t('event.add_on_banner')}</p>
      <ButtonLink to={skipTo} variant="link">
        {t('event.skip_add_on')}
      </ButtonLink>
    </aside>
  );
}
