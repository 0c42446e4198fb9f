import { ButtonLink } from '@/ui/button';
import { usePageTitle } from '@/ui/page-title';
import { useStrings } from '@/ui/text/use-strings';
import { NOT_FOUND_STRINGS } from '@/features/not-found/strings';
import styles from '@/features/not-found/not-found-route.module.css';

/** spec: identity §2 404 page — the catch-all and the named error route `/error/404`. */
export function NotFoundRoute() {
  const t = useStrings(NOT_FOUND_STRINGS);
  usePageTitle(t('not-found.title'));
  return (
    <div className={styles.page}>
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1>{t('not-found.title')}</h1>
      <p className={styles.body}>{t('not-found.body')}</p>
      <ButtonLink to="/">{t('not-found.home')}</ButtonLink>
    </div>
  );
}
