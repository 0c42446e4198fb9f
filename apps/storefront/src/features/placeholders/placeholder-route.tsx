import { ButtonLink } from '@/ui/button';
import { usePageTitle } from '@/ui/page-title';
import { useRouteName } from '@/ui/routing/route-handle';
import { useStrings } from '@/ui/text/use-strings';
import { PLACEHOLDER_STRINGS } from '@/features/placeholders/strings';
import type { PlaceholderTitleKey } from '@/features/placeholders/strings';
import styles from '@/features/placeholders/placeholder-route.module.css';

function titleKey(routeName: string | null): PlaceholderTitleKey | null {
  const key = `placeholders.title.${routeName ?? ''}`;
  return key in PLACEHOLDER_STRINGS ? (key as PlaceholderTitleKey) : null;
}

/** Stands in for a screen of the route table that a later issue builds (identity §2). */
export function PlaceholderRoute() {
  const t = useStrings(PLACEHOLDER_STRINGS);
  const key = titleKey(useRouteName());
  const title = key ? t(key) : t('placeholders.title.my');
  usePageTitle(title);
  return (
    <div className={styles.page}>
      <h1>{title}</h1>
      <p className={styles.note}>{t('placeholders.note')}</p>
      <ButtonLink to="/events">{t('placeholders.events')}</ButtonLink>
    </div>
  );
}
