import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '@/ui/button';
import { usePageTitle } from '@/ui/page-title';
import { useStrings } from '@/ui/text/use-strings';
import { LAYOUT_STRINGS } from '@/app/layout/strings';
import styles from '@/app/layout/route-error.module.css';

/**
 * Shown inside the page frame when a route fails to load or render (for example a route chunk
 * that still fails after its retry). Not-found addresses never get here: they match the 404 route.
 */
export function RouteError() {
  const error = useRouteError();
  const t = useStrings(LAYOUT_STRINGS);
  usePageTitle(t('layout.error.title'));
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <div className={styles.page} role="alert">
      <h1>{t('layout.error.title')}</h1>
      <p className={styles.body}>{t('layout.error.body')}</p>
      <Button onClick={() => window.location.reload()}>{t('layout.error.reload')}</Button>
    </div>
  );
}
